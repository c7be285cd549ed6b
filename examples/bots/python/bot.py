#!/usr/bin/env python3
"""A starter bridge robot for the Blue Chip table manager protocol, version 18.

Usage: bot.py HOST PORT SEAT TEAM   (an event file: command = ["python3", "bot.py", "{host}", "{port}", "{seat}", "{name}"])

It plays legal random calls and cards. Make it your own in choose_call and
choose_card; everything else is the conversation with the table manager.
"""
import random
import socket
import sys

SEATS = ["North", "East", "South", "West"]
STRAINS = ["C", "D", "H", "S", "NT"]          # in bidding order
RANKS = "23456789TJQKA"
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


class Bot:
    def __init__(self, host, port, seat, team):
        self.seat, self.team, self.hand = seat, team, None
        self.sock = socket.create_connection((host, int(port)))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # many short lines: never wait
        self.lines = self.sock.makefile("r", encoding="ascii", newline="")

    def send(self, line):
        self.sock.sendall((line + "\r\n").encode("ascii"))

    # --- the conversation -------------------------------------------------
    def run(self):
        self.send(f'Connecting "{self.team}" as {self.seat} using protocol version 18')
        for raw in self.lines:
            line = raw.strip()
            words = line.split()
            if line.endswith("seated"):
                self.send(f"{self.seat} ready for teams")
            elif line.startswith("Teams"):
                self.send(f"{self.seat} ready to start")
            elif line == "Start of board":
                self.calls, self.cards, self.hand, self.dummy, self.sent = [], [], None, None, None
                self.to_lead = False
                self.send(f"{self.seat} ready for deal")
            elif line.startswith("Board number"):
                self.board = int(words[2].rstrip("."))
                self.dealer = SEATS.index(words[4].rstrip("."))
                self.send(f"{self.seat} ready for cards")
            elif line.startswith(f"{self.seat}'s cards"):
                self.hand = parse_hand(line)
                self.rng = random.Random(f"{self.team} {self.seat} {self.board}")
            elif line.startswith("Dummy's cards"):
                self.dummy = parse_hand(line)
            elif len(words) >= 2 and words[1] in ("passes", "doubles", "redoubles", "bids"):
                self.calls.append({"passes": "P", "doubles": "X", "redoubles": "XX"}.get(words[1]) or words[2])
            elif len(words) >= 3 and words[1] == "plays":
                self.cards.append(words[2])
                if self.dummy is not None and words[0] == SEATS[self.dummy_seat()]:
                    self.dummy.remove(words[2])         # dummy sees its own cards played
            elif line.endswith(" to lead"):
                self.to_lead = True                     # a lead waits for this line
            elif line == "End of session" or line.startswith("Refused"):
                return
            else:
                continue                                # the timing line, anything else
            if self.hand is not None:
                self.act()

    def act(self):
        """Send the one line this seat owes the table now, if it owes one."""
        me = SEATS.index(self.seat)
        key = (len(self.calls), len(self.cards), self.dummy is None, self.to_lead)
        if key == self.sent:
            return                                      # already answered this state
        self.sent = key
        if not self.auction_over():
            turn = (self.dealer + len(self.calls)) % 4
            if turn == me:
                self.calls.append(self.choose_call())
                self.send(f"{self.seat} {call_line(self.calls[-1])}")
                self.sent = None
                return self.act()
            return self.send(f"{self.seat} ready for {SEATS[turn]}'s bid")
        if self.calls[-4:] == ["P"] * 4 or len(self.cards) == 52:
            return                                      # the board is over
        declarer, dummy = self.declarer(), self.dummy_seat()
        if self.cards and me != dummy and self.dummy is None:
            return self.send(f"{self.seat} ready for dummy")  # only after the opening lead
        turn, trick = self.turn(), len(self.cards) // 4 + 1
        if (turn == me and me != dummy) or (turn == dummy and me == declarer):
            if len(self.cards) % 4 == 0 and not self.to_lead:
                return                                  # wait for "<Seat> to lead" / "Dummy to lead"
            self.to_lead = False
            hand = self.hand if turn == me else self.dummy
            card = self.choose_card(hand)
            hand.remove(card)
            self.cards.append(card)
            self.send(f"{SEATS[turn]} plays {card}")
            self.sent = None
            return self.act()
        name = "dummy" if turn == dummy else SEATS[turn]
        self.send(f"{self.seat} ready for {name}'s card to trick {trick}")

    # --- the rules ------------------------------------------------------
    def auction_over(self):
        return len(self.calls) >= 4 and self.calls[-3:] == ["P"] * 3

    def contract(self):
        """The last bid and the seat that named its strain first on its side."""
        i = max(k for k, c in enumerate(self.calls) if c not in ("P", "X", "XX"))
        strain, side = self.calls[i][1:], (self.dealer + i) % 2
        first = min(k for k, c in enumerate(self.calls)
                    if c[1:] == strain and c not in ("P", "X", "XX") and (self.dealer + k) % 2 == side)
        return strain, (self.dealer + first) % 4

    def declarer(self):
        return self.contract()[1]

    def dummy_seat(self):
        return (self.declarer() + 2) % 4

    def turn(self):
        strain, leader = self.contract()[0], (self.declarer() + 1) % 4
        done = len(self.cards) - len(self.cards) % 4
        for t in range(0, done, 4):
            trick = self.cards[t:t + 4]
            best = max(range(4), key=lambda k: power(trick[k], trick[0][1], strain))
            leader = (leader + best) % 4
        return (leader + len(self.cards) % 4) % 4

    def legal_calls(self):
        calls = ["P"]
        bids = [k for k, c in enumerate(self.calls) if c not in ("P", "X", "XX")]
        low = 0
        if bids:
            last = self.calls[bids[-1]]
            low = (int(last[0]) - 1) * 5 + STRAINS.index(last[1:]) + 1
            theirs = (len(self.calls) - bids[-1]) % 2 == 1
            after = self.calls[bids[-1] + 1:]
            if theirs and not any(c in ("X", "XX") for c in after):
                calls.append("X")
            if "X" in after and "XX" not in after and (len(self.calls) - after.index("X") - bids[-1] - 1) % 2 == 1:
                calls.append("XX")
        return calls + [f"{n // 5 + 1}{STRAINS[n % 5]}" for n in range(low, 35)]

    # --- the decisions: make these your own ---------------------------------
    def choose_call(self):
        points = sum(HCP.get(card[0], 0) for card in self.hand)
        bids = [c for c in self.calls if c not in ("P", "X", "XX")]
        if points < 12 or (bids and int(bids[-1][0]) >= 3):
            return "P"                                  # weak, or the auction is high already
        return self.rng.choice([c for c in self.legal_calls()[1:] if c in ("X", "XX") or int(c[0]) <= 4])

    def choose_card(self, hand):
        led = self.cards[-(len(self.cards) % 4)][1] if len(self.cards) % 4 else None
        follow = [c for c in hand if c[1] == led]
        return self.rng.choice(follow or hand)


def parse_hand(line):
    """`North's cards : S A K 3. H -. D 8 7. C A 6.` -> ["AS", "KS", "3S", "8D", ...]"""
    cards = []
    for part in line.split(":", 1)[1].split("."):
        words = part.split()
        if words:
            cards += [rank + words[0] for rank in words[1:] if rank != "-"]
    return cards


def power(card, led, strain):
    """How strong a card is in a trick: trumps beat the led suit, the rest never win."""
    rank = RANKS.index(card[0])
    return rank + 100 if card[1] == strain else rank + 50 if card[1] == led else rank


def call_line(call):
    return {"P": "passes", "X": "doubles", "XX": "redoubles"}.get(call) or f"bids {call}"


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: bot.py HOST PORT SEAT TEAM")
    Bot(*sys.argv[1:]).run()
