"""Redoubles when nothing is doubled."""
from starter import Bot, run


class IllegalCall(Bot):
    def choose_call(self):
        return "XX"


run(IllegalCall)
