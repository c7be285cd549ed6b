"""Never says it is ready for the teams."""
from starter import Bot, run


class NoReady(Bot):
    def send(self, line):
        if not line.endswith("ready for teams"):
            super().send(line)


run(NoReady)
