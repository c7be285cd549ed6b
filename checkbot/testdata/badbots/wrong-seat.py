"""Says it is ready for the deal in the next seat's name."""
from starter import SEATS, Bot, run


class WrongSeat(Bot):
    def send(self, line):
        if line == f"{self.seat} ready for deal":
            line = f"{SEATS[(SEATS.index(self.seat) + 1) % 4]} ready for deal"
        super().send(line)


run(WrongSeat)
