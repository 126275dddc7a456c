import alpha

seen_alpha_start = alpha.start
try:
    from alpha import done
except ImportError as error:
    early = str(error).replace(__file__.rpartition("/")[0], "DIR")


def late():
    return alpha.done
