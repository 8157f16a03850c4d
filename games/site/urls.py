from django.urls import path

from games.site import views

urlpatterns = [path("", views.home, name="home")]
