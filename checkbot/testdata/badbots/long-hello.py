"""Sends a megabyte without a line end after its first line."""
from starter import Bot, run


class LongHello(Bot):
    def send(self, line):
        super().send(line)
        if line.startswith("Connecting"):
            self.sock.sendall(b"x" * 1_000_000)


run(LongHello)
