"""The game kit: what every game on the ledger builds on, and nothing of the ledger's own.

Its modules import in one direction, each only from those before it: ``notation`` and
``fields``, ``rulebook``, ``cardfields``, ``match``, ``handforms`` and ``questions``,
``registry``, ``sides``. A game app imports the kit and its engine (``referee``), never
``scoring.ledger``; the ledger imports the kit to talk to the games.
"""
