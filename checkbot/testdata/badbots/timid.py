"""Passes every hand, even 26 points: never declares (not a defect check-bot can fail)."""
from starter import Bot, run


class Timid(Bot):
    def choose_call(self):
        return "P"


run(Timid)
