"""quack's toolchain: reads the micro-op DSL in uop_defs/ and writes everything under out/."""
