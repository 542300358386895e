print("cotside-bench")
