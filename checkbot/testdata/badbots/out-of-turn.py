"""A defender plays a card as soon as the opening lead is made, in turn or not."""
from starter import SEATS, Bot, run


class OutOfTurn(Bot):
    done = False

    def act(self):
        me = SEATS.index(self.seat)
        if self.auction_over() and self.cards and not self.done and me not in (self.declarer(), self.dummy_seat()):
            if self.turn() != me:
                self.done = True
                return self.send(f"{self.seat} plays {self.hand[0]}")
        return super().act()


run(OutOfTurn)
