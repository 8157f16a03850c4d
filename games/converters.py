"""The one path converter for ids: ``<id:game_id>``, a whole number from 1 to 2^53.

Django's ``<int:...>`` takes any run of digits, so 2^63 reached the database (a 500 on SQLite).
Out of range, ``to_python`` raises ValueError and the URL does not match: a 404, like any
missing game.
"""

from django.urls import register_converter

from games.inputs import MAX_ID, whole_number


class IdConverter:
    regex = "[0-9]{1,16}"

    def to_python(self, value: str) -> int:
        number = whole_number(value, 1, MAX_ID)
        if number is None:
            raise ValueError(f"{value} is not an id")
        return number

    def to_url(self, value) -> str:
        return str(int(value))


register_converter(IdConverter, "id")
