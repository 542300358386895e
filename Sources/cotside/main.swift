print("cotside")
