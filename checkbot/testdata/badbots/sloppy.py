"""Writes its lines as some robots do: upper case, blanks, 1N, a period (tolerated)."""
from starter import Bot, run


class Sloppy(Bot):
    def send(self, line):
        if not line.startswith("Connecting"):
            line = "  " + line.upper().replace("NT", "N") + "."
        super().send(line)


run(Sloppy)
