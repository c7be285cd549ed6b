#!/usr/bin/env python3
"""The Python starter bot with one defect, for check-bot's tests.

Usage: badbot.py DEFECT HOST PORT SEAT TEAM
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "bots", "python"))
import bot  # noqa: E402

SEATS = bot.SEATS


class BadBot(bot.Bot):
    def __init__(self, defect, *args):
        super().__init__(*args)
        self.defect, self.done = defect, False

    def send(self, line):
        me = self.seat
        if self.defect == "sloppy" and not line.startswith("Connecting"):
            line = "  " + line.upper().replace("NT", "N") + "."   # tolerated: case, blanks, 1N, a period
        if self.defect == "no-ready" and line.endswith("ready for teams"):
            return                                      # never says it is ready
        if self.defect == "wrong-seat" and line == f"{me} ready for deal":
            line = f"{SEATS[(SEATS.index(me) + 1) % 4]} ready for deal"
        if self.defect == "garbage" and " passes" in line or " bids " in line and self.defect == "garbage":
            line = "I would like to bid one club please"
        if self.defect == "hang" and line.startswith(f"{me} ready for cards"):
            super().send(line)
            time.sleep(60)                              # thinks forever
        super().send(line)

    def act(self):
        me = SEATS.index(self.seat)
        if self.defect == "early-dummy" and self.done and self.dummy is None:
            return                                      # still waiting for dummy's cards
        if self.auction_over() and self.calls[-4:] != ["P"] * 4 and not self.done:
            declarer = self.declarer()
            dummy = (declarer + 2) % 4
            leader = (declarer + 1) % 4
            if self.defect == "early-dummy" and me == leader and not self.cards:
                self.done = True                        # asks for dummy before its lead, and waits for it
                return self.send(f"{self.seat} ready for dummy")
            if self.defect == "out-of-turn" and self.cards and self.turn() != me and me != dummy:
                self.done = True
                return self.send(f"{self.seat} plays {self.hand[0]}")
            if self.defect == "dummy-plays" and me == dummy and self.cards and self.turn() == dummy:
                self.done = True                        # dummy plays its own card
                return self.send(f"{self.seat} plays {self.hand[0]}")
        return super().act()

    def run(self):
        if self.defect != "needs-timing":
            return super().run()
        # Like BEN: the timing line ends a board; a board that starts
        # without one is an error.
        lines, boards, timed = self.lines, 0, False
        def checked():
            nonlocal boards, timed
            for raw in lines:
                if raw.startswith("Timing"):
                    timed = True
                elif raw.startswith("Start of board"):
                    if boards and not timed:
                        sys.exit("a board started before the last one was timed")
                    boards, timed = boards + 1, False
                yield raw
        self.lines = checked()
        return super().run()

    def choose_call(self):
        if self.defect == "timid":
            return "P"                                  # passes every hand, even 26 points
        if self.defect == "illegal-call":
            return "XX"                                 # a redouble with nothing doubled
        return super().choose_call()

    def choose_card(self, hand):
        if self.defect == "revoke" and len(self.cards) % 4:
            led = self.cards[-(len(self.cards) % 4)][1]
            other = [c for c in hand if c[1] != led]
            if other and len(other) < len(hand):
                return other[0]                         # does not follow suit though it can
        return super().choose_card(hand)


if __name__ == "__main__":
    BadBot(*sys.argv[1:]).run()
