/* Loading code images written by the front end (frontend/image.py). */
#ifndef QUACK_IMAGE_H
#define QUACK_IMAGE_H

#include <stddef.h>

#include "quack.h"

/* Loads and verifies an image; returns the module's code object, or QK_NULL after printing
 * "quack: SOURCE: broken code image: REASON" to stderr. Never trusts a byte it has not checked. */
QkValue qk_load_image(QkThread *tstate, const unsigned char *bytes, size_t size, const char *source);

#endif
