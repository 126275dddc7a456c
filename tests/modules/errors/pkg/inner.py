try:
    from ... import plain
except ImportError as error:
    tried = str(error)
