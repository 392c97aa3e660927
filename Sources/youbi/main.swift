print("youbi")
