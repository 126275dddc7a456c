"""In-memory text streams, as CPython's io.StringIO: write, read, readline, readlines,
iteration, seek/tell, getvalue, truncate, and use as a print(file=...) target."""

__all__ = ["StringIO"]


class StringIO:
    def __init__(self, initial_value="", newline="\n"):
        if initial_value is None:
            initial_value = ""
        if not isinstance(initial_value, str):
            raise TypeError(
                f"initial_value must be str or None, not {type(initial_value).__name__}"
            )
        self._buffer = initial_value
        self._pos = 0
        self.closed = False

    def _check(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")

    def write(self, s):
        self._check()
        if not isinstance(s, str):
            raise TypeError(f"string argument expected, got '{type(s).__name__}'")
        end = self._pos + len(s)
        if self._pos > len(self._buffer):
            self._buffer += "\0" * (self._pos - len(self._buffer))
        self._buffer = self._buffer[: self._pos] + s + self._buffer[end:]
        self._pos = end
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def read(self, size=-1):
        self._check()
        end = len(self._buffer) if size is None or size < 0 else self._pos + size
        text = self._buffer[self._pos : end]
        self._pos += len(text)
        return text

    def readline(self, size=-1):
        self._check()
        end = self._buffer.find("\n", self._pos)
        end = len(self._buffer) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        text = self._buffer[self._pos : end]
        self._pos += len(text)
        return text

    def readlines(self, hint=-1):
        lines = []
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def getvalue(self):
        self._check()
        return self._buffer

    def seek(self, pos, whence=0):
        self._check()
        if whence == 0:
            if pos < 0:
                raise ValueError(f"Negative seek position {pos}")
            self._pos = pos
        elif whence == 2:
            self._pos = len(self._buffer)
        return self._pos

    def tell(self):
        self._check()
        return self._pos

    def truncate(self, size=None):
        self._check()
        size = self._pos if size is None else size
        self._buffer = self._buffer[:size]
        return size

    def flush(self):
        pass

    def close(self):
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
