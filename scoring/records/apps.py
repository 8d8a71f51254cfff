from django.apps import AppConfig


class RecordsConfig(AppConfig):
    name = "scoring.records"
    label = "records"
    verbose_name = "Records"
