/* list.sort's algorithm: CPython 3.11's timsort, comparison for comparison (runs found ascending
 * or strictly descending and extended by binary insertion to minrun, merged in powersort's order,
 * merges that gallop once one side keeps winning), so that a comparison that raises, an order
 * that is not one (nan), or a __lt__ that prints leaves the same traces as under CPython.
 *
 * It sorts a permutation of indices into the keys tuple, never the values themselves, so every
 * value stays where the collector sees it while comparisons run Python code; on an error the
 * permutation is still one (the items where the sort had brought them). */
#include <stdlib.h>
#include <string.h>

#include "quack.h"
#include "types.h"

#define MIN_GALLOP 7
/* Enough pending runs for any list that fits in memory (runs grow like a Fibonacci sequence). */
#define MAX_PENDING 85

typedef struct {
    int64_t base; /* index into perm */
    int64_t len;
    int power;
} Run;

typedef struct {
    QkThread *tstate;
    QkValue keys; /* tuple */
    int64_t *perm;
    int64_t n;
    int64_t *tmp; /* room for n indices */
    int64_t min_gallop;
    int nruns;
    Run pending[MAX_PENDING];
} Sort;

/* 1 if key a sorts before key b (a < b), 0 if not, -1 on error. */
static int less(Sort *s, int64_t a, int64_t b) {
    QkValue x = qk_as_tuple(s->keys)->items[a], y = qk_as_tuple(s->keys)->items[b];
    if (qk_is_int(x) && qk_is_int(y)) {
        return qk_int_value(x) < qk_int_value(y);
    }
    if (qk_is_str(x) && qk_is_str(y)) {
        return qk_str_compare(x, y) < 0;
    }
    QkValue r = qk_richcompare(s->tstate, x, y, QK_COMPARE_OP_LT);
    return r == QK_NULL ? -1 : r == QK_TRUE ? 1 : r == QK_FALSE ? 0 : qk_truth(s->tstate, r);
}

static void reverse_slice(int64_t *lo, int64_t *hi) {
    for (hi--; lo < hi; lo++, hi--) {
        int64_t t = *lo;
        *lo = *hi;
        *hi = t;
    }
}

/* The length of the run starting at lo (a strictly descending one is reversed in place), or
 * -1 on error. */
static int64_t count_run(Sort *s, int64_t *lo, int64_t *hi) {
    if (hi - lo < 2) {
        return hi - lo;
    }
    int descending = less(s, lo[1], lo[0]);
    if (descending < 0) {
        return -1;
    }
    int64_t n = 2;
    for (int64_t *p = lo + 2; p < hi; p++, n++) {
        int l = less(s, p[0], p[-1]);
        if (l < 0) {
            return -1;
        }
        if (l != descending) {
            break;
        }
    }
    if (descending) {
        reverse_slice(lo, lo + n);
    }
    return n;
}

/* [lo, start) is sorted: inserts each of [start, hi) where a binary search puts it. */
static int binary_insertion(Sort *s, int64_t *lo, int64_t *hi, int64_t *start) {
    for (; start < hi; start++) {
        int64_t pivot = *start, *l = lo, *r = start;
        do {
            int64_t *p = l + ((r - l) >> 1);
            int lt = less(s, pivot, *p);
            if (lt < 0) {
                return -1;
            }
            if (lt) {
                r = p;
            } else {
                l = p + 1;
            }
        } while (l < r);
        memmove(l + 1, l, (size_t)(start - l) * sizeof *l);
        *l = pivot;
    }
    return 0;
}

/* Where key goes in the sorted a[0..n): left of any equal items (left) or right of them, found
 * by galloping from a[hint] and then a binary search, as CPython's gallop_left/gallop_right;
 * -1 on error. */
static int64_t gallop(Sort *s, int64_t key, const int64_t *a, int64_t n, int64_t hint, bool left) {
    /* "key goes after a[i]": a[i] < key going left, !(key < a[i]) going right. */
#define AFTER(i, out)                                                                              \
    do {                                                                                           \
        int lt_ = left ? less(s, a[i], key) : less(s, key, a[i]);                                  \
        if (lt_ < 0) {                                                                             \
            return -1;                                                                             \
        }                                                                                          \
        out = left ? lt_ : !lt_;                                                                   \
    } while (0)
    int64_t lastofs = 0, ofs = 1;
    int after;
    AFTER(hint, after);
    if (after) {
        /* Gallop right until a[hint + lastofs] < key <= a[hint + ofs] (for left). */
        const int64_t maxofs = n - hint;
        while (ofs < maxofs) {
            AFTER(hint + ofs, after);
            if (!after) {
                break;
            }
            lastofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (ofs > maxofs) {
            ofs = maxofs;
        }
        lastofs += hint;
        ofs += hint;
    } else {
        /* Gallop left until a[hint - ofs] < key <= a[hint - lastofs] (for left). */
        const int64_t maxofs = hint + 1;
        while (ofs < maxofs) {
            AFTER(hint - ofs, after);
            if (after) {
                break;
            }
            lastofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (ofs > maxofs) {
            ofs = maxofs;
        }
        int64_t k = lastofs;
        lastofs = hint - ofs;
        ofs = hint - k;
    }
    /* key belongs after a[lastofs] and no further right than ofs. */
    for (lastofs++; lastofs < ofs;) {
        int64_t m = lastofs + ((ofs - lastofs) >> 1);
        AFTER(m, after);
        if (after) {
            lastofs = m + 1;
        } else {
            ofs = m;
        }
    }
#undef AFTER
    return ofs;
}

/* Merges a[0..na) with b[0..nb) (b == a + na, na <= nb, a[na - 1] belongs last), from the left;
 * on error the slice is still a permutation. */
static int merge_lo(Sort *s, int64_t *a, int64_t na, int64_t *b, int64_t nb) {
    memcpy(s->tmp, a, (size_t)na * sizeof *a);
    int64_t *dest = a, *pa = s->tmp, *pb = b;
    int64_t min_gallop = s->min_gallop;
    int result = -1;
    *dest++ = *pb++;
    if (--nb == 0) {
        goto succeed;
    }
    if (na == 1) {
        goto copy_b;
    }
    for (;;) {
        int64_t acount = 0, bcount = 0; /* how many times in a row each side won */
        for (;;) {
            int k = less(s, *pb, *pa);
            if (k < 0) {
                goto fail;
            }
            if (k) {
                *dest++ = *pb++;
                bcount++;
                acount = 0;
                if (--nb == 0) {
                    goto succeed;
                }
                if (bcount >= min_gallop) {
                    break;
                }
            } else {
                *dest++ = *pa++;
                acount++;
                bcount = 0;
                if (--na == 1) {
                    goto copy_b;
                }
                if (acount >= min_gallop) {
                    break;
                }
            }
        }
        /* One side keeps winning: gallop while either still wins by MIN_GALLOP or more. */
        min_gallop++;
        do {
            min_gallop -= min_gallop > 1;
            s->min_gallop = min_gallop;
            int64_t k = gallop(s, *pb, pa, na, 0, false);
            if (k < 0) {
                goto fail;
            }
            acount = k;
            if (k) {
                memcpy(dest, pa, (size_t)k * sizeof *pa);
                dest += k;
                pa += k;
                na -= k;
                if (na == 1) {
                    goto copy_b;
                }
                /* Impossible for a consistent order, which nothing promises. */
                if (na == 0) {
                    goto succeed;
                }
            }
            *dest++ = *pb++;
            if (--nb == 0) {
                goto succeed;
            }
            k = gallop(s, *pa, pb, nb, 0, true);
            if (k < 0) {
                goto fail;
            }
            bcount = k;
            if (k) {
                memmove(dest, pb, (size_t)k * sizeof *pb);
                dest += k;
                pb += k;
                nb -= k;
                if (nb == 0) {
                    goto succeed;
                }
            }
            *dest++ = *pa++;
            if (--na == 1) {
                goto copy_b;
            }
        } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
        min_gallop++; /* leaving galloping costs it */
        s->min_gallop = min_gallop;
    }
succeed:
    result = 0;
fail:
    memcpy(dest, pa, (size_t)na * sizeof *pa);
    return result;
copy_b:
    /* a's last item belongs after all of b. */
    memmove(dest, pb, (size_t)nb * sizeof *pb);
    dest[nb] = *pa;
    return 0;
}

/* The mirror of merge_lo, from the right (nb <= na, b[0] belongs first). */
static int merge_hi(Sort *s, int64_t *a, int64_t na, int64_t *b, int64_t nb) {
    memcpy(s->tmp, b, (size_t)nb * sizeof *b);
    int64_t *base_a = a, *base_b = s->tmp;
    int64_t *dest = b + nb - 1, *pa = a + na - 1, *pb = s->tmp + nb - 1;
    int64_t min_gallop = s->min_gallop;
    int result = -1;
    *dest-- = *pa--;
    if (--na == 0) {
        goto succeed;
    }
    if (nb == 1) {
        goto copy_a;
    }
    for (;;) {
        int64_t acount = 0, bcount = 0;
        for (;;) {
            int k = less(s, *pb, *pa);
            if (k < 0) {
                goto fail;
            }
            if (k) {
                *dest-- = *pa--;
                acount++;
                bcount = 0;
                if (--na == 0) {
                    goto succeed;
                }
                if (acount >= min_gallop) {
                    break;
                }
            } else {
                *dest-- = *pb--;
                bcount++;
                acount = 0;
                if (--nb == 1) {
                    goto copy_a;
                }
                if (bcount >= min_gallop) {
                    break;
                }
            }
        }
        min_gallop++;
        do {
            min_gallop -= min_gallop > 1;
            s->min_gallop = min_gallop;
            int64_t k = gallop(s, *pb, base_a, na, na - 1, false);
            if (k < 0) {
                goto fail;
            }
            k = na - k;
            acount = k;
            if (k) {
                dest -= k;
                pa -= k;
                memmove(dest + 1, pa + 1, (size_t)k * sizeof *pa);
                na -= k;
                if (na == 0) {
                    goto succeed;
                }
            }
            *dest-- = *pb--;
            if (--nb == 1) {
                goto copy_a;
            }
            k = gallop(s, *pa, base_b, nb, nb - 1, true);
            if (k < 0) {
                goto fail;
            }
            k = nb - k;
            bcount = k;
            if (k) {
                dest -= k;
                pb -= k;
                memcpy(dest + 1, pb + 1, (size_t)k * sizeof *pb);
                nb -= k;
                if (nb == 1) {
                    goto copy_a;
                }
                /* Impossible for a consistent order, which nothing promises. */
                if (nb == 0) {
                    goto succeed;
                }
            }
            *dest-- = *pa--;
            if (--na == 0) {
                goto succeed;
            }
        } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
        min_gallop++;
        s->min_gallop = min_gallop;
    }
succeed:
    result = 0;
fail:
    memcpy(dest - (nb - 1), base_b, (size_t)nb * sizeof *base_b);
    return result;
copy_a:
    /* b's first item belongs before all of a. */
    dest -= na;
    pa -= na;
    memmove(dest + 1, pa + 1, (size_t)na * sizeof *pa);
    *dest = *pb;
    return 0;
}

/* Merges pending runs i and i + 1. */
static int merge_at(Sort *s, int i) {
    Run *p = s->pending;
    int64_t *a = s->perm + p[i].base, na = p[i].len;
    int64_t *b = s->perm + p[i + 1].base, nb = p[i + 1].len;
    p[i].len = na + nb;
    if (i == s->nruns - 3) {
        p[i + 1] = p[i + 2];
    }
    s->nruns--;
    /* a's items that come before b[0] are in place already; so are b's after a's last. */
    int64_t k = gallop(s, *b, a, na, 0, false);
    if (k < 0) {
        return -1;
    }
    a += k;
    na -= k;
    if (na == 0) {
        return 0;
    }
    nb = gallop(s, a[na - 1], b, nb, nb - 1, true);
    if (nb <= 0) {
        return (int)nb;
    }
    return na <= nb ? merge_lo(s, a, na, b, nb) : merge_hi(s, a, na, b, nb);
}

/* Powersort's merge depth of the boundary between two adjacent runs: the first bit in which
 * their midpoints, as fractions of the list, differ. */
static int power_of(int64_t s1, int64_t n1, int64_t n2, int64_t n) {
    int64_t a = 2 * s1 + n1, b = a + n1 + n2; /* twice the midpoints */
    int power = 0;
    for (;;) {
        power++;
        if (a >= n) {
            a -= n;
            b -= n;
        } else if (b >= n) {
            break;
        }
        a <<= 1;
        b <<= 1;
    }
    return power;
}

/* A run of length n2 follows the top pending one: merges what powersort says must go first. */
static int found_new_run(Sort *s, int64_t n2) {
    if (s->nruns == 0) {
        return 0;
    }
    Run *p = s->pending;
    Run *top = &p[s->nruns - 1];
    int power = power_of(top->base, top->len, n2, s->n);
    while (s->nruns > 1 && p[s->nruns - 2].power > power) {
        if (merge_at(s, s->nruns - 2) < 0) {
            return -1;
        }
    }
    p[s->nruns - 1].power = power;
    return 0;
}

/* timsort's minrun: n itself below 64, else between 32 and 64 so that n / minrun is a power of
 * two or just under one. */
static int64_t compute_minrun(int64_t n) {
    int64_t r = 0;
    while (n >= 64) {
        r |= n & 1;
        n >>= 1;
    }
    return n + r;
}

/* Sorts perm[0..n), the indices of the keys in order. */
static int timsort(QkThread *tstate, QkValue keys, int64_t *perm, int64_t n) {
    if (n < 2) {
        return 0;
    }
    /* Below 64 items there is one run and nothing to merge: no room to merge in. */
    int64_t *tmp = n < 64 ? NULL : malloc((size_t)n * sizeof *tmp);
    if (n >= 64 && tmp == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return -1;
    }
    /* Not zeroed as a whole: the pending runs are written before they are read. */
    Sort sort, *s = &sort;
    s->tstate = tstate;
    s->keys = keys;
    s->perm = perm;
    s->n = n;
    s->tmp = tmp;
    s->min_gallop = MIN_GALLOP;
    s->nruns = 0;
    int64_t minrun = compute_minrun(n);
    int failed = 0;
    for (int64_t lo = 0; lo < n && !failed;) {
        int64_t len = count_run(s, perm + lo, perm + n);
        if (len < 0) {
            failed = -1;
            break;
        }
        if (len < minrun) {
            int64_t force = n - lo <= minrun ? n - lo : minrun;
            if (binary_insertion(s, perm + lo, perm + lo + force, perm + lo + len) < 0) {
                failed = -1;
                break;
            }
            len = force;
        }
        if (found_new_run(s, len) < 0) {
            failed = -1;
            break;
        }
        s->pending[s->nruns++] = (Run){.base = lo, .len = len};
        lo += len;
    }
    while (!failed && s->nruns > 1) {
        int i = s->nruns - 2;
        if (i > 0 && s->pending[i - 1].len < s->pending[i + 1].len) {
            i--;
        }
        failed = merge_at(s, i);
    }
    free(tmp);
    return failed;
}

int qk_timsort(QkThread *tstate, QkValue keys, int64_t *perm, int64_t n, bool reverse) {
    for (int64_t i = 0; i < n; i++) {
        perm[i] = i;
    }
    /* reverse sorts the reversed list stably and reverses back, so equal items keep their
     * order (as CPython; on an error too). */
    if (reverse) {
        reverse_slice(perm, perm + n);
    }
    int failed = timsort(tstate, keys, perm, n);
    if (reverse) {
        reverse_slice(perm, perm + n);
    }
    return failed;
}
