from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "scoring.events"
    label = "events"
