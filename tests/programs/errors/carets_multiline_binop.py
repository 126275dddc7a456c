# A binary operation over two lines: the carets run to the end of the first line.
x = (1 +
     "a")
