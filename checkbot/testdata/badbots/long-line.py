"""Sends a line longer than the protocol allows in place of its first call."""
from starter import Bot, run


class LongLine(Bot):
    def send(self, line):
        if " passes" in line or " bids " in line:
            line = "x" * 5000
        super().send(line)


run(LongLine)
