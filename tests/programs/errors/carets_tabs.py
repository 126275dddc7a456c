# A line indented with a tab: the caret line counts from after it.
if True:
	print(1 / 0)
