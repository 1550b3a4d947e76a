"""Boneyard: a table of domino games for one screen."""
