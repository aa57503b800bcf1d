import Chime
print("chime-bench: placeholder")
