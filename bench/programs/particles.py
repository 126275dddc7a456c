# Object-heavy with operator overloading: a 2-D particle system. A small Vec class with
# __add__/__sub__/__mul__ and properties, particles subclassing a Body base class, springs
# between particles, and a world stepping everything: many short-lived objects and method calls.


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def dot(self, other):
        return self.x * other.x + self.y * other.y

    @property
    def norm2(self):
        return self.x * self.x + self.y * self.y

    def __repr__(self):
        return f"Vec({self.x:.4f}, {self.y:.4f})"


class Body:
    def __init__(self, pos, mass):
        self.pos = pos
        self.mass = mass

    def kinetic(self):
        return 0.0


class Particle(Body):
    def __init__(self, pos, vel, mass):
        super().__init__(pos, mass)
        self.vel = vel
        self.force = Vec(0.0, 0.0)
        self.bounces = 0

    def push(self, f):
        self.force = self.force + f

    def step(self, dt):
        self.vel = self.vel + self.force * (dt / self.mass)
        self.pos = self.pos + self.vel * dt
        self.force = Vec(0.0, -9.81 * self.mass)
        if self.pos.y < 0.0:
            self.pos = Vec(self.pos.x, -self.pos.y)
            self.vel = Vec(self.vel.x, -self.vel.y * 0.9)
            self.bounces += 1

    def kinetic(self):
        return 0.5 * self.mass * self.vel.norm2


class Spring:
    def __init__(self, a, b, rest, k):
        self.a = a
        self.b = b
        self.rest = rest
        self.k = k

    def apply(self):
        d = self.b.pos - self.a.pos
        length2 = d.norm2
        if length2 == 0.0:
            return
        stretch = length2 - self.rest * self.rest
        f = d * (self.k * stretch / (length2 + 1.0))
        self.a.push(f)
        self.b.push(f * -1.0)


class World:
    def __init__(self, n):
        self.particles = []
        for i in range(n):
            pos = Vec(float(i % 10), 1.0 + (i // 10) * 0.5)
            vel = Vec((i % 7) * 0.1 - 0.3, (i % 5) * 0.2)
            self.particles.append(Particle(pos, vel, 1.0 + (i % 3) * 0.5))
        self.springs = []
        for i in range(n - 1):
            self.springs.append(Spring(self.particles[i], self.particles[i + 1], 0.8, 0.5))
        self.anchor = Body(Vec(0.0, 0.0), 0.0)

    def step(self, dt):
        for spring in self.springs:
            spring.apply()
        for p in self.particles:
            p.step(dt)

    def energy(self):
        e = self.anchor.kinetic()
        for p in self.particles:
            e += p.kinetic() + 9.81 * p.mass * p.pos.y
        return e


def main():
    world = World(60)
    for _ in range(2000):
        world.step(0.002)
    bounces = 0
    for p in world.particles:
        bounces += p.bounces
    centre = Vec(0.0, 0.0)
    for p in world.particles:
        centre = centre + p.pos * (1.0 / len(world.particles))
    print("particles: %.6f" % world.energy(), bounces, centre)


main()
