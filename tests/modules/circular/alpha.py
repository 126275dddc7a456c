start = "alpha started"
import beta

done = True
