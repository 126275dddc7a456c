/* Big ints (long.h): arbitrary-precision arithmetic on 30-bit digits. Work is done on Num, a
 * sign and a magnitude in malloc'd memory (or viewing an operand's digits, or a small int's in
 * a local buffer), and only the result becomes a heap object, so nothing here allocates from the
 * collector before the end and no operand needs rooting. The algorithms are the textbook ones
 * CPython uses too: schoolbook multiplication, Knuth's division, binary powering. */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

typedef uint32_t digit;
#define BASE ((uint64_t)1 << QK_LONG_SHIFT)

typedef struct Num {
    digit *d;
    int64_t n; /* digits in use; d[n - 1] != 0, or n == 0 for zero (after num_trim) */
    bool neg;
    bool owned;     /* d is malloc'd */
    digit small[5]; /* the digits of a small int or a 128-bit value (d points here) */
} Num;

static int bit_length_digit(digit d) { return d == 0 ? 0 : 32 - __builtin_clz(d); }

static void num_free(Num *x) {
    if (x->owned) {
        free(x->d);
    }
    x->d = NULL;
    x->owned = false;
}

static void num_trim(Num *x) {
    while (x->n > 0 && x->d[x->n - 1] == 0) {
        x->n--;
    }
    if (x->n == 0) {
        x->neg = false;
    }
}

/* A zeroed magnitude of n digits (room for at least one). */
static bool num_alloc(QkThread *tstate, Num *x, int64_t n) {
    x->d = calloc((size_t)(n > 0 ? n : 1), sizeof(digit));
    x->n = n;
    x->neg = false;
    x->owned = true;
    if (x->d == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return false;
    }
    return true;
}

static void num_from_u128(Num *x, unsigned __int128 m, bool neg) {
    x->d = x->small;
    x->owned = false;
    x->n = 0;
    while (m != 0) {
        x->small[x->n++] = (digit)(m & QK_LONG_MASK);
        m >>= QK_LONG_SHIFT;
    }
    x->neg = neg && x->n > 0;
}

/* v (any int) viewed as a Num: no copy. */
static void num_view(QkValue v, Num *x) {
    if (qk_is_bigint(v)) {
        QkLong *l = (QkLong *)qk_as_object(v);
        x->d = l->digits;
        x->n = l->size < 0 ? -l->size : l->size;
        x->neg = l->size < 0;
        x->owned = false;
        return;
    }
    int64_t i = qk_int_like_value(v);
    num_from_u128(x, i < 0 ? -(uint64_t)i : (uint64_t)i, i < 0);
}

/* dst = src, re-pointed at its own buffer when src views its small one. */
static void num_alias(const Num *src, Num *dst) {
    *dst = *src;
    if (src->d == src->small) {
        dst->d = dst->small;
    }
}

static bool num_copy(QkThread *tstate, const Num *a, int64_t extra, Num *r) {
    if (!num_alloc(tstate, r, a->n + extra)) {
        return false;
    }
    memcpy(r->d, a->d, (size_t)a->n * sizeof(digit));
    r->n = a->n;
    r->neg = a->neg;
    return true;
}

/* The value of x (freed): tagged when it fits, else a new big int. */
static QkValue num_value(QkThread *tstate, Num *x) {
    num_trim(x);
    if (x->n <= 3 && (x->n < 3 || x->d[2] < 16)) {
        uint64_t m = 0;
        for (int64_t i = x->n - 1; i >= 0; i--) {
            m = m << QK_LONG_SHIFT | x->d[i];
        }
        if (m <= (uint64_t)QK_INT_MAX + x->neg) {
            bool neg = x->neg;
            num_free(x);
            return qk_from_int(neg ? (int64_t)-m : (int64_t)m);
        }
    }
    QkLong *l = (QkLong *)qk_alloc(tstate, &qk_int_type,
                                   sizeof(QkLong) + (size_t)x->n * sizeof(digit));
    if (l != NULL) {
        memcpy(l->digits, x->d, (size_t)x->n * sizeof(digit));
        l->size = x->neg ? -x->n : x->n;
    }
    num_free(x);
    return l == NULL ? QK_NULL : (QkValue)l;
}

/* ---- magnitudes ---- */

static int mag_cmp(const Num *a, const Num *b) {
    if (a->n != b->n) {
        return a->n < b->n ? -1 : 1;
    }
    for (int64_t i = a->n - 1; i >= 0; i--) {
        if (a->d[i] != b->d[i]) {
            return a->d[i] < b->d[i] ? -1 : 1;
        }
    }
    return 0;
}

static int num_cmp(const Num *a, const Num *b) {
    if (a->neg != b->neg) {
        return a->neg ? -1 : 1;
    }
    int c = mag_cmp(a, b);
    return a->neg ? -c : c;
}

/* r = |a| + |b| (r has room for the longer's digits, and one more if they carry; may be a or
 * b). */
static void mag_add(const Num *a, const Num *b, Num *r) {
    if (a->n < b->n) {
        const Num *t = a;
        a = b;
        b = t;
    }
    digit carry = 0;
    int64_t i = 0;
    for (; i < b->n; i++) {
        carry += a->d[i] + b->d[i];
        r->d[i] = carry & QK_LONG_MASK;
        carry >>= QK_LONG_SHIFT;
    }
    for (; i < a->n; i++) {
        carry += a->d[i];
        r->d[i] = carry & QK_LONG_MASK;
        carry >>= QK_LONG_SHIFT;
    }
    /* Only a carry needs the digit past the longer operand (r may have no room for it else). */
    if (carry != 0) {
        r->d[i++] = carry;
    }
    r->n = i;
    num_trim(r);
}

/* r = |a| - |b| where |a| >= |b| (r may be a or b). */
static void mag_sub(const Num *a, const Num *b, Num *r) {
    digit borrow = 0;
    int64_t i = 0;
    for (; i < b->n; i++) {
        borrow = a->d[i] - b->d[i] - borrow;
        r->d[i] = borrow & QK_LONG_MASK;
        borrow = (borrow >> QK_LONG_SHIFT) & 1;
    }
    for (; i < a->n; i++) {
        borrow = a->d[i] - borrow;
        r->d[i] = borrow & QK_LONG_MASK;
        borrow = (borrow >> QK_LONG_SHIFT) & 1;
    }
    r->n = a->n;
    num_trim(r);
}

/* |x| + 1 or |x| - 1 (x nonzero for the latter) in place; x has room for a carry. */
static void mag_step(Num *x, bool up) {
    Num one;
    num_from_u128(&one, 1, false);
    if (up) {
        mag_add(x, &one, x);
    } else {
        mag_sub(x, &one, x);
    }
}

/* ---- the four operations ---- */

/* r = a + b, or a - b. */
static bool num_add(QkThread *tstate, const Num *a, const Num *b, bool subtract, Num *r) {
    if (!num_alloc(tstate, r, (a->n > b->n ? a->n : b->n) + 1)) {
        return false;
    }
    bool bneg = b->n > 0 && (b->neg != subtract);
    if (a->neg == bneg) {
        mag_add(a, b, r);
        r->neg = a->neg && r->n > 0;
    } else if (mag_cmp(a, b) >= 0) {
        mag_sub(a, b, r);
        r->neg = a->neg && r->n > 0;
    } else {
        mag_sub(b, a, r);
        r->neg = bneg && r->n > 0;
    }
    return true;
}

static bool num_mul(QkThread *tstate, const Num *a, const Num *b, Num *r) {
    if (!num_alloc(tstate, r, a->n + b->n)) {
        return false;
    }
    for (int64_t i = 0; i < a->n; i++) {
        uint64_t carry = 0, f = a->d[i];
        for (int64_t j = 0; j < b->n; j++) {
            carry += r->d[i + j] + f * b->d[j];
            r->d[i + j] = (digit)(carry & QK_LONG_MASK);
            carry >>= QK_LONG_SHIFT;
        }
        r->d[i + b->n] = (digit)carry;
    }
    r->neg = a->neg != b->neg;
    num_trim(r);
    return true;
}

/* out = in << s (0 <= s < 30) over n digits; returns the bits shifted out at the top. */
static digit digits_lshift(digit *out, const digit *in, int64_t n, int s) {
    digit carry = 0;
    for (int64_t i = 0; i < n; i++) {
        uint64_t t = (uint64_t)in[i] << s | carry;
        out[i] = (digit)(t & QK_LONG_MASK);
        carry = (digit)(t >> QK_LONG_SHIFT);
    }
    return carry;
}

/* |a| = q * |b| + rem with 0 <= rem < |b| (b nonzero): Knuth's algorithm D on 30-bit digits, the
 * divisor normalized so its top digit has its top bit set. q and rem get room for one more digit
 * than they need (the floor adjustment's carry). */
static bool mag_divrem(QkThread *tstate, const Num *a, const Num *b, Num *q, Num *rem) {
    int64_t na = a->n, nb = b->n;
    if (mag_cmp(a, b) < 0) {
        if (!num_alloc(tstate, q, 2)) {
            return false;
        }
        q->n = 0;
        if (!num_copy(tstate, a, nb - na + 1, rem)) {
            num_free(q);
            return false;
        }
        rem->neg = false;
        return true;
    }
    if (!num_alloc(tstate, q, na - nb + 2)) {
        return false;
    }
    if (!num_alloc(tstate, rem, nb + 1)) {
        num_free(q);
        return false;
    }
    if (nb == 1) {
        uint64_t r = 0, divisor = b->d[0];
        for (int64_t i = na - 1; i >= 0; i--) {
            r = r << QK_LONG_SHIFT | a->d[i];
            q->d[i] = (digit)(r / divisor);
            r %= divisor;
        }
        rem->d[0] = (digit)r;
        num_trim(q);
        num_trim(rem);
        return true;
    }
    int s = QK_LONG_SHIFT - bit_length_digit(b->d[nb - 1]);
    digit *v = calloc((size_t)na + 1, sizeof(digit)), *w = malloc((size_t)nb * sizeof(digit));
    if (v == NULL || w == NULL) {
        free(v);
        free(w);
        num_free(q);
        num_free(rem);
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return false;
    }
    digits_lshift(w, b->d, nb, s);
    v[na] = digits_lshift(v, a->d, na, s);
    uint64_t top = w[nb - 1], next = w[nb - 2];
    for (int64_t j = na - nb; j >= 0; j--) {
        /* The estimate from the top two digits is at most two too big; the third digit's test
         * leaves it at most one too big, which the add-back below corrects. */
        uint64_t vv = (uint64_t)v[j + nb] << QK_LONG_SHIFT | v[j + nb - 1];
        uint64_t qhat = vv / top, rhat = vv % top;
        while (qhat >= BASE || qhat * next > (rhat << QK_LONG_SHIFT | v[j + nb - 2])) {
            qhat--;
            rhat += top;
            if (rhat >= BASE) {
                break;
            }
        }
        int64_t borrow = 0;
        uint64_t carry = 0;
        for (int64_t i = 0; i < nb; i++) {
            uint64_t p = qhat * w[i] + carry;
            carry = p >> QK_LONG_SHIFT;
            int64_t t = (int64_t)v[i + j] - (int64_t)(p & QK_LONG_MASK) + borrow;
            v[i + j] = (digit)(t & QK_LONG_MASK);
            borrow = t < 0 ? -1 : 0;
        }
        int64_t t = (int64_t)v[j + nb] - (int64_t)carry + borrow;
        v[j + nb] = (digit)(t & QK_LONG_MASK);
        if (t < 0) {
            qhat--;
            uint64_t c = 0;
            for (int64_t i = 0; i < nb; i++) {
                c += (uint64_t)v[i + j] + w[i];
                v[i + j] = (digit)(c & QK_LONG_MASK);
                c >>= QK_LONG_SHIFT;
            }
            v[j + nb] = 0;
        }
        q->d[j] = (digit)qhat;
    }
    /* The remainder is v's low nb digits, shifted back. */
    for (int64_t i = 0; i < nb; i++) {
        uint64_t t = (uint64_t)v[i] >> s | (i + 1 < nb ? (uint64_t)v[i + 1] << (QK_LONG_SHIFT - s) : 0);
        rem->d[i] = (digit)(t & QK_LONG_MASK);
    }
    free(v);
    free(w);
    rem->n = nb;
    num_trim(q);
    num_trim(rem);
    return true;
}

/* Floor division and modulo (b nonzero): q rounds towards negative infinity, m takes b's sign. */
static bool num_divmod(QkThread *tstate, const Num *a, const Num *b, Num *q, Num *m) {
    if (!mag_divrem(tstate, a, b, q, m)) {
        return false;
    }
    bool differ = a->neg != b->neg;
    if (differ && m->n > 0) {
        mag_step(q, true);
        mag_sub(b, m, m);
    }
    q->neg = differ && q->n > 0;
    m->neg = b->neg && m->n > 0;
    return true;
}

/* r = a mod m, for m > 0 (r in [0, m)); a is freed (r may be a). */
static bool num_reduce(QkThread *tstate, Num *a, const Num *m, Num *r) {
    Num q, src;
    num_alias(a, &src);
    bool ok = num_divmod(tstate, &src, m, &q, r);
    num_free(&src);
    if (ok) {
        num_free(&q);
    }
    return ok;
}

/* a * b, reduced modulo m when m is not NULL; replaces *acc (freed). */
static bool mul_into(QkThread *tstate, Num *acc, const Num *b, const Num *m) {
    Num p;
    if (!num_mul(tstate, acc, b, &p)) {
        return false;
    }
    num_free(acc);
    if (m == NULL) {
        *acc = p;
        return true;
    }
    return num_reduce(tstate, &p, m, acc);
}

/* r = a ** e (e >= 0), modulo m (m > 0, a already reduced) when m is not NULL: right to left. */
static bool num_pow(QkThread *tstate, const Num *a, const Num *e, const Num *m, Num *r) {
    Num base, one;
    num_from_u128(&one, m != NULL && m->n == 1 && m->d[0] == 1 ? 0 : 1, false);
    if (!num_copy(tstate, &one, 0, r)) {
        return false;
    }
    if (!num_copy(tstate, a, 0, &base)) {
        num_free(r);
        return false;
    }
    bool ok = true;
    for (int64_t i = 0; ok && i < e->n; i++) {
        for (int bit = 0; ok && bit < QK_LONG_SHIFT; bit++) {
            bool last = i == e->n - 1 && (e->d[i] >> bit) <= 1;
            if ((e->d[i] >> bit) & 1) {
                ok = mul_into(tstate, r, &base, m);
            }
            if (last) {
                break;
            }
            if (ok) {
                ok = mul_into(tstate, &base, &base, m);
            }
        }
    }
    num_free(&base);
    if (!ok) {
        num_free(r);
    }
    return ok;
}

/* The inverse of a modulo m (m > 1, a in [0, m)), by the extended Euclidean algorithm. */
static bool num_invmod(QkThread *tstate, const Num *a, const Num *m, Num *r) {
    /* All four own their digits, so the swaps below can copy them by value. */
    Num x, y = {0}, b = {0}, c = {0}, one;
    num_from_u128(&one, 1, false);
    if (!num_copy(tstate, a, 0, &x)) {
        return false;
    }
    bool ok = num_copy(tstate, m, 0, &y);
    ok = ok && num_copy(tstate, &one, 0, &b);
    ok = ok && num_alloc(tstate, &c, 1);
    if (!ok) {
        num_free(&x);
        num_free(&y);
        num_free(&b);
        return false;
    }
    c.n = 0;
    while (ok && y.n > 0) {
        Num q, rem, qc, t;
        ok = num_divmod(tstate, &x, &y, &q, &rem);
        if (!ok) {
            break;
        }
        num_free(&x);
        x = y;
        y = rem;
        ok = num_mul(tstate, &q, &c, &qc);
        num_free(&q);
        if (ok) {
            ok = num_add(tstate, &b, &qc, true, &t);
            num_free(&qc);
        }
        if (ok) {
            num_free(&b);
            b = c;
            c = t;
        }
    }
    bool invertible = ok && x.n == 1 && x.d[0] == 1;
    num_free(&x);
    num_free(&y);
    num_free(&c);
    if (ok && !invertible) {
        qk_raise(tstate, &qk_exc_ValueError, "base is not invertible for the given modulus");
        ok = false;
    }
    if (ok) {
        ok = num_reduce(tstate, &b, m, r);
    } else {
        num_free(&b);
    }
    return ok;
}

/* ---- bits ---- */

/* The magnitude of x's bits as two's complement reads them: |x| for x >= 0, else |x| - 1 (the
 * bits of ~x), in a copy with room for one more digit. */
static bool twos_magnitude(QkThread *tstate, const Num *x, Num *r) {
    if (!num_copy(tstate, x, 1, r)) {
        return false;
    }
    if (x->neg) {
        mag_step(r, false);
    }
    r->neg = false;
    return true;
}

/* Finishes a bit operation whose true result is ~r when invert is set: -(r + 1). */
static void twos_finish(Num *r, bool invert) {
    if (invert) {
        mag_step(r, true);
        r->neg = true;
    }
}

/* a & b, a | b, a ^ b with Python's infinite two's complement. With A, B the magnitudes above
 * (a negative x stands for ~X), each case is one digit-wise operation on A and B, either
 * complemented, and a final ~: ~A & B, ~(A | B), ~(A & ~B) and so on. */
static bool num_bitwise(QkThread *tstate, uint32_t op, const Num *a, const Num *b, Num *r) {
    Num A, B;
    if (!twos_magnitude(tstate, a, &A)) {
        return false;
    }
    if (!twos_magnitude(tstate, b, &B)) {
        num_free(&A);
        return false;
    }
    bool na = a->neg, nb = b->neg;
    digit ca = 0, cb = 0; /* QK_LONG_MASK: that side complemented */
    uint32_t f = op;
    bool invert;
    if (op == QK_BINARY_OP_XOR) {
        invert = na != nb;
    } else if (na && nb) {
        f = op == QK_BINARY_OP_AND ? QK_BINARY_OP_OR : QK_BINARY_OP_AND;
        invert = true;
    } else if (na || nb) {
        /* One negative: AND keeps the other's bits outside ~negative's; OR is ~(neg & ~other). */
        f = QK_BINARY_OP_AND;
        invert = op == QK_BINARY_OP_OR;
        bool complement_a = (op == QK_BINARY_OP_AND) == na;
        ca = complement_a ? QK_LONG_MASK : 0;
        cb = complement_a ? 0 : QK_LONG_MASK;
    } else {
        invert = false;
    }
    int64_t n = A.n > B.n ? A.n : B.n;
    bool ok = num_alloc(tstate, r, n + 1);
    for (int64_t i = 0; ok && i < n; i++) {
        digit x = (i < A.n ? A.d[i] : 0) ^ ca, y = (i < B.n ? B.d[i] : 0) ^ cb;
        r->d[i] = f == QK_BINARY_OP_AND ? x & y : f == QK_BINARY_OP_OR ? x | y : x ^ y;
    }
    num_free(&A);
    num_free(&B);
    if (ok) {
        r->n = n;
        num_trim(r);
        twos_finish(r, invert);
    }
    return ok;
}

static bool num_lshift(QkThread *tstate, const Num *a, int64_t count, Num *r) {
    int64_t words = count / QK_LONG_SHIFT;
    if (!num_alloc(tstate, r, a->n + words + 1)) {
        return false;
    }
    r->d[a->n + words] = digits_lshift(r->d + words, a->d, a->n, (int)(count % QK_LONG_SHIFT));
    r->neg = a->neg;
    num_trim(r);
    return true;
}

/* Floor: a negative a shifts as ~(~a >> count). */
static bool num_rshift(QkThread *tstate, const Num *a, int64_t count, Num *r) {
    Num A;
    if (!twos_magnitude(tstate, a, &A)) {
        return false;
    }
    int64_t words = count / QK_LONG_SHIFT;
    int s = (int)(count % QK_LONG_SHIFT);
    int64_t n = A.n > words ? A.n - words : 0;
    bool ok = num_alloc(tstate, r, n + 1);
    for (int64_t i = 0; ok && i < n; i++) {
        uint64_t t = A.d[i + words] >> s;
        if (i + words + 1 < A.n) {
            t |= (uint64_t)A.d[i + words + 1] << (QK_LONG_SHIFT - s);
        }
        r->d[i] = (digit)(t & QK_LONG_MASK);
    }
    num_free(&A);
    if (ok) {
        r->n = n;
        num_trim(r);
        twos_finish(r, a->neg);
    }
    return ok;
}

int64_t qk_long_bit_length(QkValue v) {
    Num x;
    num_view(v, &x);
    return x.n == 0 ? 0 : (x.n - 1) * QK_LONG_SHIFT + bit_length_digit(x.d[x.n - 1]);
}

/* A shift count or exponent that is a big int is beyond any memory. */
static bool small_count(const Num *b, int64_t *out) {
    if (b->n > 2) {
        return false;
    }
    *out = (int64_t)((uint64_t)(b->n > 1 ? b->d[1] : 0) << QK_LONG_SHIFT | (b->n > 0 ? b->d[0] : 0));
    return true;
}

/* ---- the slots' arbitrary-precision paths ---- */

QkValue qk_long_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    Num a, b, r, other;
    num_view(lhs, &a);
    num_view(rhs, &b);
    bool ok;
    int64_t count = 0;
    switch (op) {
    case QK_BINARY_OP_ADD:
    case QK_BINARY_OP_SUBTRACT:
        ok = num_add(tstate, &a, &b, op == QK_BINARY_OP_SUBTRACT, &r);
        break;
    case QK_BINARY_OP_MULTIPLY:
        ok = num_mul(tstate, &a, &b, &r);
        break;
    case QK_BINARY_OP_FLOOR_DIVIDE:
    case QK_BINARY_OP_REMAINDER:
        if (b.n == 0) {
            return qk_raise(tstate, &qk_exc_ZeroDivisionError,
                            op == QK_BINARY_OP_REMAINDER ? "integer modulo by zero"
                                                         : "integer division or modulo by zero");
        }
        ok = op == QK_BINARY_OP_FLOOR_DIVIDE ? num_divmod(tstate, &a, &b, &r, &other)
                                             : num_divmod(tstate, &a, &b, &other, &r);
        if (ok) {
            num_free(&other);
        }
        break;
    case QK_BINARY_OP_TRUE_DIVIDE:
        return qk_long_true_divide(tstate, lhs, rhs);
    case QK_BINARY_OP_POWER:
        /* A negative exponent is float's business (number.c). */
        if (!small_count(&b, &count) && a.n > 0 && !(a.n == 1 && a.d[0] == 1)) {
            return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        }
        ok = num_pow(tstate, &a, &b, NULL, &r);
        break;
    case QK_BINARY_OP_LSHIFT:
    case QK_BINARY_OP_RSHIFT:
        if (b.neg) {
            return qk_raise(tstate, &qk_exc_ValueError, "negative shift count");
        }
        if (a.n == 0) {
            return qk_from_int(0);
        }
        if (!small_count(&b, &count)) {
            if (op == QK_BINARY_OP_LSHIFT) {
                return qk_raise(tstate, &qk_exc_OverflowError, "too many digits in integer");
            }
            return qk_from_int(a.neg ? -1 : 0);
        }
        ok = op == QK_BINARY_OP_LSHIFT ? num_lshift(tstate, &a, count, &r)
                                       : num_rshift(tstate, &a, count, &r);
        break;
    case QK_BINARY_OP_AND:
    case QK_BINARY_OP_OR:
    case QK_BINARY_OP_XOR:
        ok = num_bitwise(tstate, op, &a, &b, &r);
        break;
    default:
        return QK_NOT_IMPLEMENTED;
    }
    return ok ? num_value(tstate, &r) : QK_NULL;
}

QkValue qk_long_unary(QkThread *tstate, uint32_t op, QkValue v) {
    Num a, r;
    num_view(v, &a);
    if (!num_copy(tstate, &a, 1, &r)) {
        return QK_NULL;
    }
    if (op == QK_UNARY_INVERT) {
        /* ~a == -(a + 1) */
        if (r.neg) {
            mag_step(&r, false);
            r.neg = false;
        } else {
            mag_step(&r, true);
            r.neg = true;
        }
    } else {
        r.neg = op == QK_UNARY_NEGATIVE ? !a.neg && a.n > 0 : false;
    }
    return num_value(tstate, &r);
}

QkValue qk_long_pow_mod(QkThread *tstate, QkValue base, QkValue exp, QkValue mod) {
    Num a, e, m, mm, reduced, r;
    num_view(base, &a);
    num_view(exp, &e);
    num_view(mod, &m);
    if (m.n == 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "pow() 3rd argument cannot be 0");
    }
    /* Work modulo |m|; the result takes m's sign at the end. */
    if (!num_copy(tstate, &m, 0, &mm)) {
        return QK_NULL;
    }
    mm.neg = false;
    bool ok = num_copy(tstate, &a, 0, &reduced) && num_reduce(tstate, &reduced, &mm, &reduced);
    Num positive_e;
    num_alias(&e, &positive_e);
    positive_e.neg = false;
    if (ok && e.neg) {
        if (mm.n == 1 && mm.d[0] == 1) {
            /* Everything is 0 modulo 1, inverses included. */
            num_free(&reduced);
            num_free(&mm);
            return qk_from_int(0);
        }
        Num inverse = {0};
        ok = num_invmod(tstate, &reduced, &mm, &inverse);
        num_free(&reduced);
        reduced = inverse;
    }
    if (ok) {
        ok = num_pow(tstate, &reduced, &positive_e, &mm, &r);
        num_free(&reduced);
    }
    if (ok && m.neg && r.n > 0) {
        Num shifted;
        ok = num_add(tstate, &r, &mm, true, &shifted);
        num_free(&r);
        r = shifted;
    }
    num_free(&mm);
    return ok ? num_value(tstate, &r) : QK_NULL;
}

int qk_long_compare(QkValue a, QkValue b) {
    Num x, y;
    num_view(a, &x);
    num_view(b, &y);
    return num_cmp(&x, &y);
}

int64_t qk_long_hash(QkValue v) {
    const uint64_t modulus = ((uint64_t)1 << 61) - 1;
    Num x;
    num_view(v, &x);
    uint64_t h = 0;
    for (int64_t i = x.n - 1; i >= 0; i--) {
        h = ((h << QK_LONG_SHIFT) & modulus) | h >> (61 - QK_LONG_SHIFT);
        h += x.d[i];
        if (h >= modulus) {
            h -= modulus;
        }
    }
    int64_t r = x.neg ? -(int64_t)h : (int64_t)h;
    return r == -1 ? -2 : r;
}

QkValue qk_long_round(QkThread *tstate, QkValue v, int64_t k) {
    Num x, ten, e, p, q, m, twice;
    num_view(v, &x);
    num_from_u128(&ten, 10, false);
    num_from_u128(&e, (uint64_t)k, false);
    if (!num_pow(tstate, &ten, &e, NULL, &p)) {
        return QK_NULL;
    }
    bool ok = num_divmod(tstate, &x, &p, &q, &m);
    if (ok) {
        /* Half to even: up when 2m > p, or 2m == p and q is odd. */
        ok = num_add(tstate, &m, &m, false, &twice);
        num_free(&m);
    }
    if (ok) {
        int c = mag_cmp(&twice, &p);
        num_free(&twice);
        if (c > 0 || (c == 0 && q.n > 0 && (q.d[0] & 1))) {
            Num one, bumped;
            num_from_u128(&one, 1, false);
            ok = num_add(tstate, &q, &one, false, &bumped);
            num_free(&q);
            q = bumped;
        }
    }
    if (ok) {
        ok = mul_into(tstate, &q, &p, NULL);
    }
    num_free(&p);
    return ok ? num_value(tstate, &q) : QK_NULL;
}

bool qk_long_as_int64(QkValue v, int64_t *out) {
    Num x;
    num_view(v, &x);
    if (x.n > 3 || (x.n == 3 && x.d[2] > 8)) {
        return false;
    }
    uint64_t m = 0;
    for (int64_t i = x.n - 1; i >= 0; i--) {
        m = m << QK_LONG_SHIFT | x.d[i];
    }
    if (m > (uint64_t)INT64_MAX + x.neg) {
        return false;
    }
    *out = x.neg ? (int64_t)(0 - m) : (int64_t)m;
    return true;
}

/* ---- floats ---- */

/* |x| as m * 2**e, m in [0.5, 1) the nearest double (ties to even; 0 for 0). Beyond 64 bits the
 * top 64 with the rest or'd into the lowest round as |x| would (the low 11 bits only decide ties
 * and direction). */
static double mag_frexp(const Num *x, int64_t *e) {
    int64_t bits = x->n == 0 ? 0 : (x->n - 1) * QK_LONG_SHIFT + bit_length_digit(x->d[x->n - 1]);
    int exponent;
    if (bits <= 64) {
        uint64_t m = 0;
        for (int64_t i = x->n - 1; i >= 0; i--) {
            m = m << QK_LONG_SHIFT | x->d[i];
        }
        double r = frexp((double)m, &exponent);
        *e = exponent;
        return r;
    }
    int64_t start = bits - 64;
    uint64_t m = 0;
    bool sticky = false;
    for (int64_t i = x->n - 1; i >= 0; i--) {
        int64_t pos = i * QK_LONG_SHIFT - start;
        if (pos >= 0) {
            m |= (uint64_t)x->d[i] << pos;
        } else if (pos > -QK_LONG_SHIFT) {
            m |= x->d[i] >> -pos;
            sticky |= (x->d[i] & ((UINT32_C(1) << -pos) - 1)) != 0;
        } else {
            sticky |= x->d[i] != 0;
        }
    }
    double r = frexp((double)(m | sticky), &exponent);
    *e = exponent + start;
    return r;
}

/* ldexp past the double range gives an infinity, which the callers report. */
static double mag_to_double(const Num *x) {
    int64_t e;
    double m = mag_frexp(x, &e);
    return ldexp(m, e > 2000 ? 2000 : (int)e);
}

double qk_long_frexp(QkValue v, int64_t *e) {
    Num x;
    num_view(v, &x);
    double m = mag_frexp(&x, e);
    return x.neg ? -m : m;
}

int qk_long_to_double(QkThread *tstate, QkValue v, double *out) {
    Num x;
    num_view(v, &x);
    double d = mag_to_double(&x);
    if (isinf(d)) {
        qk_raise(tstate, &qk_exc_OverflowError, "int too large to convert to float");
        return -1;
    }
    *out = x.neg ? -d : d;
    return 0;
}

/* Digits enough for any double's integer part (below 2**1024). */
#define DOUBLE_DIGITS 36

/* trunc(d) (finite) as a Num viewing buf. */
static void num_from_double(double d, Num *x, digit *buf) {
    int e;
    double frac = frexp(fabs(trunc(d)), &e);
    x->d = buf;
    x->owned = false;
    x->n = e <= 0 ? 0 : (e - 1) / QK_LONG_SHIFT + 1;
    frac = ldexp(frac, (e - 1) % QK_LONG_SHIFT + 1);
    for (int64_t i = x->n - 1; i >= 0; i--) {
        digit dig = (digit)frac;
        buf[i] = dig;
        frac = ldexp(frac - dig, QK_LONG_SHIFT);
    }
    x->neg = d < 0;
    num_trim(x);
}

QkValue qk_long_from_double(QkThread *tstate, double d) {
    digit buf[DOUBLE_DIGITS];
    Num x;
    num_from_double(d, &x, buf);
    return num_value(tstate, &x);
}

QkValue qk_long_from_i128(QkThread *tstate, __int128 v) {
    Num r;
    num_from_u128(&r, v < 0 ? -(unsigned __int128)v : (unsigned __int128)v, v < 0);
    return num_value(tstate, &r);
}

int qk_long_compare_double(QkValue a, double d) {
    if (isinf(d)) {
        return d > 0 ? -1 : 1;
    }
    digit buf[DOUBLE_DIGITS];
    Num x, t;
    num_view(a, &x);
    num_from_double(d, &t, buf);
    int c = num_cmp(&x, &t);
    if (c != 0) {
        return c;
    }
    double frac = d - trunc(d);
    return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

QkValue qk_long_true_divide(QkThread *tstate, QkValue lhs, QkValue rhs) {
    Num a, b, x, q, rem;
    num_view(lhs, &a);
    num_view(rhs, &b);
    if (b.n == 0) {
        return qk_raise(tstate, &qk_exc_ZeroDivisionError, "division by zero");
    }
    bool negate = a.neg != b.neg;
    if (a.n == 0) {
        return qk_float_new(tstate, negate ? -0.0 : 0.0);
    }
    int64_t a_bits = qk_long_bit_length(lhs), b_bits = qk_long_bit_length(rhs);
    if (a_bits <= DBL_MANT_DIG && b_bits <= DBL_MANT_DIG) {
        double r = mag_to_double(&a) / mag_to_double(&b);
        return qk_float_new(tstate, negate ? -r : r);
    }
    /* CPython's long_true_divide: a / b lies in [2**(diff - 1), 2**(diff + 1)). Shift a so that
     * the integer quotient has DBL_MANT_DIG + 2 or 3 bits (fewer below the normal range, where
     * the result has fewer bits), divide, then round once, half to even, the remainder and the
     * bits shifted out breaking ties. */
    int64_t diff = a_bits - b_bits;
    if (diff > DBL_MAX_EXP) {
        return qk_raise(tstate, &qk_exc_OverflowError,
                        "integer division result too large for a float");
    }
    if (diff < DBL_MIN_EXP - DBL_MANT_DIG - 1) {
        return qk_float_new(tstate, negate ? -0.0 : 0.0);
    }
    int64_t shift = (diff > DBL_MIN_EXP ? diff : DBL_MIN_EXP) - DBL_MANT_DIG - 2;
    bool inexact = false;
    Num abs_a, abs_b;
    num_alias(&a, &abs_a);
    abs_a.neg = false;
    bool ok;
    if (shift <= 0) {
        ok = num_lshift(tstate, &abs_a, -shift, &x);
    } else {
        ok = num_rshift(tstate, &abs_a, shift, &x);
        /* Bits shifted out: any nonzero digit or partial digit below the shift. */
        for (int64_t i = 0; ok && i < abs_a.n && i * QK_LONG_SHIFT < shift; i++) {
            int64_t keep = shift - i * QK_LONG_SHIFT;
            digit mask = keep >= QK_LONG_SHIFT ? QK_LONG_MASK : (UINT32_C(1) << keep) - 1;
            inexact |= (abs_a.d[i] & mask) != 0;
        }
    }
    if (!ok) {
        return QK_NULL;
    }
    num_alias(&b, &abs_b);
    abs_b.neg = false;
    ok = mag_divrem(tstate, &x, &abs_b, &q, &rem);
    num_free(&x);
    if (!ok) {
        return QK_NULL;
    }
    inexact |= rem.n > 0;
    num_free(&rem);
    uint64_t m = 0;
    for (int64_t i = q.n - 1; i >= 0; i--) {
        m = m << QK_LONG_SHIFT | q.d[i];
    }
    num_free(&q);
    int x_bits = 64 - __builtin_clzll(m);
    int extra = (x_bits > DBL_MIN_EXP - shift ? x_bits : (int)(DBL_MIN_EXP - shift)) - DBL_MANT_DIG;
    uint64_t half = (uint64_t)1 << (extra - 1), low = m & ((half << 1) - 1);
    m >>= extra;
    if (low > half || (low == half && (inexact || (m & 1)))) {
        m++;
    }
    double r = ldexp((double)m, (int)(shift + extra));
    if (isinf(r)) {
        return qk_raise(tstate, &qk_exc_OverflowError,
                        "integer division result too large for a float");
    }
    return qk_float_new(tstate, negate ? -r : r);
}

/* ---- strings ---- */

static const char max_digits_error[] =
    "Exceeds the limit (%" PRId64 " digits) for integer string conversion; use "
    "sys.set_int_max_str_digits() to increase the limit";

/* Room for size bytes: small when it has it. */
static char *digit_space(QkThread *tstate, size_t size, char *small) {
    char *s = size <= QK_SMALL_DIGITS ? small : malloc(size);
    if (s == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    return s;
}

size_t qk_decimal_digits(uint64_t v, char out[QK_DECIMAL_DIGITS]) {
    char tmp[QK_DECIMAL_DIGITS];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    for (size_t i = 0; i < n; i++) {
        out[i] = tmp[n - 1 - i];
    }
    out[n] = '\0';
    return n;
}

char *qk_long_digits(QkThread *tstate, QkValue v, int base, bool *negative,
                     char small[QK_SMALL_DIGITS]) {
    static const char chars[] = "0123456789abcdef";
    if (qk_is_int(v) && base == 10) { /* f-strings and str() of small ints: no division loop */
        int64_t i = qk_int_value(v);
        *negative = i < 0;
        qk_decimal_digits(i < 0 ? -(uint64_t)i : (uint64_t)i, small);
        return small;
    }
    Num x;
    num_view(v, &x);
    *negative = x.neg;
    if (x.n == 0) {
        return strcpy(small, "0");
    }
    if (base != 10) {
        int k = base == 2 ? 1 : base == 8 ? 3 : 4;
        int64_t bits = qk_long_bit_length(v), len = (bits + k - 1) / k;
        char *s = digit_space(tstate, (size_t)len + 1, small);
        if (s == NULL) {
            return NULL;
        }
        for (int64_t i = 0; i < len; i++) {
            int64_t bit = i * k, word = bit / QK_LONG_SHIFT;
            int off = (int)(bit % QK_LONG_SHIFT);
            uint64_t t = x.d[word] >> off;
            if (off + k > QK_LONG_SHIFT && word + 1 < x.n) {
                t |= (uint64_t)x.d[word + 1] << (QK_LONG_SHIFT - off);
            }
            s[len - 1 - i] = chars[t & (uint64_t)(base - 1)];
        }
        s[len] = '\0';
        return s;
    }
    /* CPython refuses before converting when the digit count is certainly over the limit, and
     * after when it turns out to be. */
    int64_t limit = tstate->int_max_str_digits;
    if (limit > 0 && x.n >= 10 * limit / (3 * QK_LONG_SHIFT) + 2) {
        qk_raise(tstate, &qk_exc_ValueError, max_digits_error, limit);
        return NULL;
    }
    /* Repeated division by 10**9: chunks of nine decimal digits, least significant first. */
    Num w;
    if (!num_copy(tstate, &x, 0, &w)) {
        return NULL;
    }
    char *s = digit_space(tstate, (size_t)x.n * 10 + 2, small);
    if (s == NULL) {
        num_free(&w);
        return NULL;
    }
    size_t len = 0;
    while (w.n > 0) {
        uint64_t r = 0;
        for (int64_t i = w.n - 1; i >= 0; i--) {
            r = r << QK_LONG_SHIFT | w.d[i];
            w.d[i] = (digit)(r / 1000000000);
            r %= 1000000000;
        }
        num_trim(&w);
        for (int i = 0; i < 9 && (w.n > 0 || r != 0); i++) {
            s[len++] = (char)('0' + r % 10);
            r /= 10;
        }
    }
    num_free(&w);
    if (limit > 0 && len > (size_t)limit) {
        if (s != small) {
            free(s);
        }
        qk_raise(tstate, &qk_exc_ValueError, max_digits_error, limit);
        return NULL;
    }
    for (size_t i = 0; i < len / 2; i++) {
        char c = s[i];
        s[i] = s[len - 1 - i];
        s[len - 1 - i] = c;
    }
    s[len] = '\0';
    return s;
}

QkValue qk_long_from_digit_values(QkThread *tstate, const uint8_t *digits, int64_t n, int base,
                                  bool negative) {
    int64_t limit = tstate->int_max_str_digits;
    if ((base & (base - 1)) != 0 && limit > 0 && n > limit) {
        return qk_raise(tstate, &qk_exc_ValueError,
                        "Exceeds the limit (%" PRId64 " digits) for integer string conversion: "
                        "value has %" PRId64 " digits; use sys.set_int_max_str_digits() to "
                        "increase the limit",
                        limit, n);
    }
    /* Up to 12 digits (36**12 < 2**63) fit a small int: no digit array. */
    if (n <= 12) {
        int64_t v = 0;
        for (int64_t i = 0; i < n; i++) {
            v = v * base + digits[i];
        }
        return qk_int_result(tstate, negative ? -v : v);
    }
    /* Chunks of k digits, base**k < 2**30, each folded in by one multiply-add pass. */
    int k = 0;
    uint64_t power = 1;
    while (power * (uint64_t)base < BASE) {
        power *= (uint64_t)base;
        k++;
    }
    Num r;
    if (!num_alloc(tstate, &r, n * 6 / QK_LONG_SHIFT + 2)) {
        return QK_NULL;
    }
    r.n = 0;
    for (int64_t i = 0; i < n; i += k) {
        uint64_t chunk = 0, mult = 1;
        for (int64_t j = i; j < n && j < i + k; j++) {
            chunk = chunk * (uint64_t)base + digits[j];
            mult *= (uint64_t)base;
        }
        uint64_t carry = chunk;
        for (int64_t j = 0; j < r.n; j++) {
            carry += (uint64_t)r.d[j] * mult;
            r.d[j] = (digit)(carry & QK_LONG_MASK);
            carry >>= QK_LONG_SHIFT;
        }
        while (carry != 0) {
            r.d[r.n++] = (digit)(carry & QK_LONG_MASK);
            carry >>= QK_LONG_SHIFT;
        }
    }
    r.neg = negative;
    return num_value(tstate, &r);
}

QkValue qk_long_from_image_digits(QkThread *tstate, const uint32_t *digits, int64_t n,
                                  bool negative) {
    if (n < 1 || n > 1 << 24 || digits[n - 1] == 0) {
        return QK_NULL;
    }
    for (int64_t i = 0; i < n; i++) {
        if (digits[i] > QK_LONG_MASK) {
            return QK_NULL;
        }
    }
    Num x = {.d = (digit *)digits, .n = n, .neg = negative};
    QkValue v = num_value(tstate, &x);
    return qk_is_bigint(v) ? v : QK_NULL;
}
