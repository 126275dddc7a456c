print("broken runs")
value = 1 // 0
