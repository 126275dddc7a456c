"""quack's front end: compiles a Python subset to a quack code image."""
