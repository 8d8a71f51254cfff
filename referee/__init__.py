"""Tento's rules engine: plain Python, no Django.

Every module speaks in rule ids and parameters (see ``rulings``); the Django layer turns
them into sentences in the user's language.
"""
