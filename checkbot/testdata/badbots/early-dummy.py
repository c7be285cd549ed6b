"""Asks for dummy's cards before its opening lead, and waits for them."""
from starter import SEATS, Bot, run


class EarlyDummy(Bot):
    waiting = False

    def act(self):
        if self.waiting:
            return
        played = self.auction_over() and self.calls[-4:] != ["P"] * 4
        if played and not self.cards and SEATS.index(self.seat) == (self.declarer() + 1) % 4:
            self.waiting = True
            return self.send(f"{self.seat} ready for dummy")
        return super().act()


run(EarlyDummy)
