# The JIT runtime and quack's generated headers, for an interpreter fork's Makefile (see
# docs/vendoring.md): include this file, compile $(QUACK_JIT_SOURCES) with your interpreter's
# sources and add $(QUACK_JIT_CFLAGS) to its flags. Any C11 compiler will do.
QUACK_JIT_DIR := $(dir $(lastword $(MAKEFILE_LIST)))
QUACK_JIT_SOURCES := $(wildcard $(QUACK_JIT_DIR)jit/*.c)
QUACK_JIT_CFLAGS := -I$(QUACK_JIT_DIR)jit -I$(QUACK_JIT_DIR)include -D_GNU_SOURCE
