"""What the tests and the soak and fuzz tools share, kept out of the game and its wheel:
the invariants every rule set keeps (:mod:`.conformance`) and the hostile-file fuzz
(:mod:`.file_fuzz`). Imported by its full name, ``tests.support``, from both."""
