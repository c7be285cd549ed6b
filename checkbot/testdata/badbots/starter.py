"""What every bad bot shares: the Python starter bot, and how to run one.

Each bad bot beside this file is the starter with one defect, for
check-bot's tests. Usage: DEFECT.py HOST PORT SEAT TEAM
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples", "bots", "python"))
from bot import SEATS, Bot  # noqa: E402,F401


def run(cls):
    cls(*sys.argv[1:]).run()
