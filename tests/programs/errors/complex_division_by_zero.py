# A complex division by zero, uncaught: CPython's ZeroDivisionError message under the carets.
def impedance(resistance, reactance, current):
    return complex(resistance, reactance) / current


print(impedance(3, 4, 2 + 1j))
print(impedance(3, 4, 0j))
