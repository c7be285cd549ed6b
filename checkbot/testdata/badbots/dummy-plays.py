"""Dummy plays its own card when dummy's turn comes, instead of waiting for declarer."""
from starter import SEATS, Bot, run


class DummyPlays(Bot):
    done = False

    def act(self):
        me = SEATS.index(self.seat)
        if self.auction_over() and self.calls[-4:] != ["P"] * 4 and self.cards and not self.done:
            if me == self.dummy_seat() and self.turn() == me:
                self.done = True
                return self.send(f"{self.seat} plays {self.hand[0]}")
        return super().act()


run(DummyPlays)
