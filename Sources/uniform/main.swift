print("uniform")
