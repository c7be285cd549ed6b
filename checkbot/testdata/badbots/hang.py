"""Thinks forever over its first call."""
import time

from starter import Bot, run


class Hang(Bot):
    def choose_call(self):
        time.sleep(60)
        return super().choose_call()


run(Hang)
