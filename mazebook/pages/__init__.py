"""Pages: the page plan (``plan``), pure page geometry (``layout``), the PDF document with maze
cards (``document``) and the painters of each product's page furniture (``book_furniture``,
``sheet_furniture``). No product is chosen or built here."""
