from django.shortcuts import render

from engine import available


def home(request):
    return render(request, "site/home.html", {"games": available()})
