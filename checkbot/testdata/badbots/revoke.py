"""Does not follow suit though it can."""
from starter import Bot, run


class Revoke(Bot):
    def choose_card(self, hand):
        if len(self.cards) % 4:
            led = self.cards[-(len(self.cards) % 4)][1]
            other = [c for c in hand if c[1] != led]
            if other and len(other) < len(hand):
                return other[0]
        return super().choose_card(hand)


run(Revoke)
