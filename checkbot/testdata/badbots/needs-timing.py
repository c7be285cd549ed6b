"""Like BEN: the timing line ends a board, and a board that starts without one is an error."""
import sys

from starter import Bot, run


class NeedsTiming(Bot):
    def run(self):
        lines, state = self.lines, {"boards": 0, "timed": False}

        def checked():
            for raw in lines:
                if raw.startswith("Timing"):
                    state["timed"] = True
                elif raw.startswith("Start of board"):
                    if state["boards"] and not state["timed"]:
                        sys.exit("a board started before the last one was timed")
                    state["boards"], state["timed"] = state["boards"] + 1, False
                yield raw
        self.lines = checked()
        return super().run()


run(NeedsTiming)
