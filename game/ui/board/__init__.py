"""Where things go, in layout units and pixels: pure geometry, testable without a window.

The table's layouts (the line of play and its snake, the spinner's arms,
Longana's branches, the trains round their hub), the seats round the
table, the regions of the screen. Imports no arcade: every module here is
a function of the state and a size.
"""
