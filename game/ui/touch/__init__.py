"""Touch: a touchscreen's fingers read from the X server and turned into the game's gestures.

:mod:`.gestures` is the recogniser (pure: contacts in, gestures out); :mod:`.xinput`
reads XInput 2.2 touches through libXi in pyglet's own event loop; :mod:`.feed`
puts the two together on the window and hands the gestures to whatever screen shows.
"""
