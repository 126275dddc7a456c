/* What the rest of the runtime tells tier 2 when something traces may rely on changes. */
#ifndef QUACK_INVALIDATE_H
#define QUACK_INVALIDATE_H

#include "quack.h"

/* What a tree of traces relies on beyond its guards; changing it invalidates the tree. */
typedef enum {
    QK_DEPENDS_ON_CLASS, /* a QkType: its namespace or a base's changed */
    QK_DEPENDS_ON_TREE,  /* another tree, which a trace of this one jumps into */
} QkDependencyKind;

/* Invalidates every tree that depends on `object`. */
void qk_invalidate_dependents(QkThread *tstate, QkDependencyKind kind, const void *object);

#endif
