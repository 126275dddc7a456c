# A ray tracer: spheres, a plane, diffuse light and shadows on a small image, as in graphics
# kernels. Float arithmetic through small vector objects with operator methods.

MOD = 1000003


class Vec:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y, self.z + other.z)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y, self.z - other.z)

    def scale(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)

    def dot(self, other):
        return self.x * other.x + self.y * other.y + self.z * other.z

    def unit(self):
        length = self.dot(self) ** 0.5
        return Vec(self.x / length, self.y / length, self.z / length)


class Sphere:
    def __init__(self, center, radius, shade):
        self.center = center
        self.radius = radius
        self.shade = shade

    def hit(self, origin, direction):
        oc = origin - self.center
        b = oc.dot(direction)
        c = oc.dot(oc) - self.radius * self.radius
        disc = b * b - c
        if disc < 0:
            return -1.0
        root = disc**0.5
        t = -b - root
        if t > 1e-6:
            return t
        t = -b + root
        return t if t > 1e-6 else -1.0

    def normal(self, point):
        return (point - self.center).unit()


class Plane:
    def __init__(self, height, shade):
        self.height = height
        self.shade = shade

    def hit(self, origin, direction):
        if abs(direction.y) < 1e-9:
            return -1.0
        t = (self.height - origin.y) / direction.y
        return t if t > 1e-6 else -1.0

    def normal(self, point):
        return Vec(0.0, 1.0, 0.0)


def trace(scene, light, origin, direction):
    nearest, hit = 1e30, None
    for thing in scene:
        t = thing.hit(origin, direction)
        if 0 < t < nearest:
            nearest, hit = t, thing
    if hit is None:
        return 0.1
    point = origin + direction.scale(nearest)
    normal = hit.normal(point)
    to_light = (light - point).unit()
    for thing in scene:
        if thing is not hit and thing.hit(point, to_light) > 0:
            return hit.shade * 0.2
    return hit.shade * max(0.0, normal.dot(to_light)) + 0.05


def main():
    scene = [
        Sphere(Vec(0.0, 1.0, 5.0), 1.0, 0.9),
        Sphere(Vec(-1.8, 0.6, 4.0), 0.6, 0.7),
        Sphere(Vec(1.6, 0.5, 3.5), 0.5, 0.5),
        Plane(-0.2, 0.4),
    ]
    light = Vec(-4.0, 6.0, -2.0)
    eye = Vec(0.0, 1.0, -1.0)
    width, height = 240, 160
    checksum = 0
    for py in range(height):
        for px in range(width):
            direction = Vec((px - width / 2) / width, (height / 2 - py) / height, 1.0).unit()
            level = int(trace(scene, light, eye, direction) * 255)
            checksum = (checksum * 31 + level) % MOD
    print("raytrace", checksum)


main()
