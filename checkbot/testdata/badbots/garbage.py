"""Says its calls in words of its own."""
from starter import Bot, run


class Garbage(Bot):
    def send(self, line):
        if " passes" in line or " bids " in line:
            line = "I would like to bid one club please"
        super().send(line)


run(Garbage)
