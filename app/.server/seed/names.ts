// First names for fictional demo profiles, per country and gender.
// Each list mixes names common among people born from the 1940s/50s up to the
// early 2000s, so generated profiles aged 18–80 get plausible names.
export const SEED_COUNTRIES = ['NL', 'BE', 'DE', 'AT', 'CH', 'GB', 'IE', 'DK', 'SE', 'NO', 'FI', 'ES', 'IT', 'FR', 'PL'] as const;
export type SeedCountry = (typeof SEED_COUNTRIES)[number];

export const FIRST_NAMES: Record<SeedCountry, { female: readonly string[]; male: readonly string[] }> = {
  NL: {
    female: [
      'Anna', 'Emma', 'Sophie', 'Julia', 'Tess', 'Sanne', 'Femke', 'Anouk', 'Lotte', 'Eva',
      'Iris', 'Fleur', 'Marieke', 'Esther', 'Linda', 'Monique', 'Sandra', 'Petra', 'Ingrid', 'Wilma',
      'Annemieke', 'Marjolein', 'Yvonne', 'Karin', 'Miriam', 'Ellen', 'Joke', 'Ria', 'Gerda', 'Tineke',
      'Anneke', 'Hanneke', 'Ilse', 'Nicole', 'Mandy', 'Kim', 'Noor', 'Zoë', 'Saskia', 'Renske',
    ],
    male: [
      'Jan', 'Piet', 'Kees', 'Henk', 'Gerrit', 'Wim', 'Johan', 'Hans', 'Peter', 'Marco',
      'Erik', 'Mark', 'Dennis', 'Jeroen', 'Bas', 'Sander', 'Martijn', 'Ruud', 'Rob', 'Frank',
      'Arjen', 'Niels', 'Thijs', 'Daan', 'Sem', 'Lucas', 'Milan', 'Bram', 'Jesse', 'Tim',
      'Stijn', 'Joost', 'Maarten', 'Wouter', 'Bart', 'Koen', 'Ton', 'Dirk', 'Teun', 'Ruben',
    ],
  },
  BE: {
    female: [
      'Marie', 'Anne', 'Nathalie', 'Sofie', 'Els', 'An', 'Katrien', 'Veerle', 'Griet', 'Liesbeth',
      'Inge', 'Hilde', 'Martine', 'Christine', 'Monique', 'Chantal', 'Brigitte', 'Isabelle', 'Véronique', 'Caroline',
      'Sarah', 'Laura', 'Julie', 'Lien', 'Elke', 'Eline', 'Charlotte', 'Louise', 'Emma', 'Lore',
      'Nele', 'Annelies', 'Marleen', 'Godelieve', 'Rita', 'Mia', 'Camille', 'Manon', 'Céline', 'Hélène',
    ],
    male: [
      'Jan', 'Luc', 'Marc', 'Dirk', 'Patrick', 'Filip', 'Koen', 'Bart', 'Geert', 'Peter',
      'Tom', 'Kristof', 'Pieter', 'Jens', 'Wout', 'Arne', 'Lucas', 'Louis', 'Arthur', 'Noah',
      'Mathias', 'Thomas', 'Nicolas', 'Olivier', 'Benoît', 'François', 'Philippe', 'Jean-Pierre', 'Michel', 'André',
      'Eddy', 'Willy', 'Jozef', 'Frans', 'Raf', 'Sven', 'Stijn', 'Jonas', 'Maxime', 'Cédric',
    ],
  },
  DE: {
    female: [
      'Ursula', 'Monika', 'Petra', 'Sabine', 'Gabriele', 'Renate', 'Karin', 'Brigitte', 'Ingrid', 'Helga',
      'Andrea', 'Claudia', 'Susanne', 'Birgit', 'Stefanie', 'Nicole', 'Katrin', 'Anja', 'Sandra', 'Julia',
      'Sarah', 'Laura', 'Lena', 'Lea', 'Anna', 'Hannah', 'Mia', 'Emilia', 'Sophie', 'Marie',
      'Jana', 'Franziska', 'Christina', 'Tanja', 'Heike', 'Silke', 'Kerstin', 'Bärbel', 'Jutta', 'Vanessa',
    ],
    male: [
      'Hans', 'Peter', 'Klaus', 'Wolfgang', 'Jürgen', 'Dieter', 'Manfred', 'Günter', 'Horst', 'Uwe',
      'Rainer', 'Bernd', 'Thomas', 'Michael', 'Andreas', 'Stefan', 'Frank', 'Markus', 'Matthias', 'Christian',
      'Sebastian', 'Daniel', 'Tobias', 'Jan', 'Florian', 'Tim', 'Jonas', 'Leon', 'Lukas', 'Felix',
      'Maximilian', 'Paul', 'Niklas', 'Moritz', 'Jörg', 'Dirk', 'Sven', 'Ralf', 'Torsten', 'Björn',
    ],
  },
  AT: {
    female: [
      'Maria', 'Elisabeth', 'Anna', 'Johanna', 'Christine', 'Monika', 'Andrea', 'Sabine', 'Claudia', 'Gabriele',
      'Brigitte', 'Renate', 'Helga', 'Herta', 'Gertraud', 'Ingrid', 'Barbara', 'Karin', 'Petra', 'Birgit',
      'Martina', 'Manuela', 'Sandra', 'Daniela', 'Katharina', 'Julia', 'Lisa', 'Sarah', 'Lena', 'Hannah',
      'Sophie', 'Magdalena', 'Theresa', 'Verena', 'Carina', 'Bianca', 'Nina', 'Marlene', 'Valentina', 'Leonie',
    ],
    male: [
      'Johann', 'Josef', 'Franz', 'Karl', 'Alois', 'Friedrich', 'Leopold', 'Herbert', 'Gerhard', 'Helmut',
      'Walter', 'Günther', 'Werner', 'Wolfgang', 'Peter', 'Manfred', 'Christian', 'Andreas', 'Thomas', 'Michael',
      'Markus', 'Martin', 'Stefan', 'Gernot', 'Harald', 'Jürgen', 'Bernhard', 'Florian', 'Lukas', 'Daniel',
      'David', 'Philipp', 'Tobias', 'Sebastian', 'Fabian', 'Dominik', 'Simon', 'Jakob', 'Maximilian', 'Elias',
    ],
  },
  CH: {
    female: [
      'Ursula', 'Verena', 'Ruth', 'Margrit', 'Elisabeth', 'Heidi', 'Vreni', 'Marianne', 'Regula', 'Barbara',
      'Monika', 'Esther', 'Sandra', 'Nicole', 'Daniela', 'Andrea', 'Karin', 'Corinne', 'Brigitte', 'Franziska',
      'Claudia', 'Priska', 'Sabrina', 'Jasmin', 'Céline', 'Laura', 'Sara', 'Lara', 'Nina', 'Anna',
      'Lea', 'Chiara', 'Noemi', 'Mia', 'Alessia', 'Giulia', 'Martina', 'Michèle', 'Rahel', 'Selina',
    ],
    male: [
      'Hans', 'Peter', 'Urs', 'Beat', 'Kurt', 'Walter', 'Werner', 'Ruedi', 'Fritz', 'Heinz',
      'Bruno', 'Markus', 'Daniel', 'Thomas', 'Martin', 'Andreas', 'Christoph', 'Reto', 'Marco', 'Stefan',
      'Roger', 'Patrick', 'René', 'Pascal', 'Adrian', 'Lukas', 'Simon', 'Jonas', 'Luca', 'Nico',
      'Noah', 'Fabian', 'Dominik', 'Samuel', 'Silvan', 'Gian', 'Matthias', 'Roland', 'Jürg', 'Philipp',
    ],
  },
  GB: {
    female: [
      'Margaret', 'Susan', 'Linda', 'Patricia', 'Christine', 'Janet', 'Carol', 'Jean', 'Pauline', 'Sandra',
      'Karen', 'Julie', 'Tracey', 'Nicola', 'Joanne', 'Sarah', 'Emma', 'Claire', 'Helen', 'Rachel',
      'Rebecca', 'Lucy', 'Charlotte', 'Hannah', 'Sophie', 'Amy', 'Laura', 'Jessica', 'Chloe', 'Olivia',
      'Amelia', 'Ellie', 'Grace', 'Megan', 'Lauren', 'Gemma', 'Kirsty', 'Elaine', 'Diane', 'Alison',
    ],
    male: [
      'John', 'David', 'Peter', 'Michael', 'Paul', 'Stephen', 'Ian', 'Andrew', 'Mark', 'Richard',
      'Gary', 'Kevin', 'Neil', 'Darren', 'Simon', 'Jason', 'Lee', 'Craig', 'Stuart', 'Graham',
      'Colin', 'Keith', 'Alan', 'Robert', 'James', 'Thomas', 'Daniel', 'Matthew', 'Christopher', 'Ben',
      'Sam', 'Jack', 'Oliver', 'Harry', 'George', 'Charlie', 'Alfie', 'Ryan', 'Liam', 'Callum',
    ],
  },
  IE: {
    female: [
      'Mary', 'Bridget', 'Kathleen', 'Margaret', 'Siobhán', 'Áine', 'Niamh', 'Aoife', 'Ciara', 'Orla',
      'Sinéad', 'Gráinne', 'Róisín', 'Caoimhe', 'Clodagh', 'Eimear', 'Deirdre', 'Máire', 'Nuala', 'Úna',
      'Sorcha', 'Saoirse', 'Emer', 'Fiona', 'Aisling', 'Catherine', 'Anne', 'Patricia', 'Sarah', 'Emma',
      'Rachel', 'Laura', 'Amy', 'Sophie', 'Grace', 'Chloe', 'Ellen', 'Eileen', 'Maeve', 'Noreen',
    ],
    male: [
      'Seán', 'Patrick', 'Michael', 'John', 'Liam', 'Ciarán', 'Cian', 'Conor', 'Darragh', 'Eoin',
      'Niall', 'Colm', 'Dónal', 'Declan', 'Fergal', 'Brendan', 'Shane', 'Barry', 'Gerard', 'Kevin',
      'Mark', 'Paul', 'Brian', 'Aidan', 'Oisín', 'Cillian', 'Fionn', 'Tadhg', 'Pádraig', 'Séamus',
      'Diarmuid', 'Ronan', 'Eamon', 'Tomás', 'Dermot', 'Jack', 'James', 'Daniel', 'Adam', 'Rory',
    ],
  },
  DK: {
    female: [
      'Kirsten', 'Hanne', 'Mette', 'Susanne', 'Anne', 'Lene', 'Birgitte', 'Inge', 'Karen', 'Jette',
      'Bente', 'Tove', 'Lone', 'Dorthe', 'Pia', 'Charlotte', 'Helle', 'Lise', 'Camilla', 'Maria',
      'Louise', 'Sofie', 'Ida', 'Emma', 'Freja', 'Clara', 'Laura', 'Julie', 'Mathilde', 'Signe',
      'Cecilie', 'Nanna', 'Line', 'Katrine', 'Malene', 'Rikke', 'Maja', 'Astrid', 'Karoline', 'Trine',
    ],
    male: [
      'Søren', 'Jens', 'Peter', 'Lars', 'Niels', 'Hans', 'Jørgen', 'Poul', 'Ole', 'Henrik',
      'Morten', 'Martin', 'Thomas', 'Anders', 'Rasmus', 'Jesper', 'Michael', 'Kim', 'Torben', 'Bjarne',
      'Finn', 'Erik', 'Bent', 'Kristian', 'Mads', 'Mikkel', 'Jakob', 'Frederik', 'Mathias', 'Jonas',
      'Oliver', 'William', 'Emil', 'Magnus', 'Lucas', 'Noah', 'Kasper', 'Steen', 'Allan', 'Kenneth',
    ],
  },
  SE: {
    female: [
      'Anna', 'Eva', 'Maria', 'Karin', 'Kristina', 'Margareta', 'Elisabeth', 'Birgitta', 'Ingrid', 'Marie',
      'Lena', 'Kerstin', 'Ulla', 'Gunilla', 'Inger', 'Monica', 'Åsa', 'Annika', 'Helena', 'Camilla',
      'Malin', 'Jenny', 'Sara', 'Emma', 'Johanna', 'Linnéa', 'Elin', 'Hanna', 'Ida', 'Julia',
      'Alice', 'Maja', 'Ebba', 'Wilma', 'Elsa', 'Astrid', 'Frida', 'Sofia', 'Matilda', 'Agneta',
    ],
    male: [
      'Lars', 'Anders', 'Johan', 'Per', 'Erik', 'Karl', 'Mikael', 'Jan', 'Hans', 'Peter',
      'Bengt', 'Göran', 'Lennart', 'Stefan', 'Thomas', 'Magnus', 'Fredrik', 'Mattias', 'Daniel', 'Andreas',
      'Jonas', 'Niklas', 'Marcus', 'Oskar', 'Viktor', 'Gustav', 'Axel', 'William', 'Elias', 'Hugo',
      'Lucas', 'Alexander', 'Emil', 'Björn', 'Olof', 'Sven', 'Kjell', 'Åke', 'Ulf', 'Håkan',
    ],
  },
  NO: {
    female: [
      'Anne', 'Inger', 'Kari', 'Marit', 'Ingrid', 'Liv', 'Eva', 'Berit', 'Astrid', 'Bjørg',
      'Hilde', 'Anna', 'Solveig', 'Randi', 'Gunn', 'Tone', 'Silje', 'Ingeborg', 'Kristin', 'Mona',
      'Hege', 'Heidi', 'Trine', 'Camilla', 'Marte', 'Ida', 'Nora', 'Emma', 'Sara', 'Thea',
      'Maja', 'Sofie', 'Hanne', 'Elisabeth', 'Marianne', 'Linn', 'Karoline', 'Guro', 'Siri', 'Vilde',
    ],
    male: [
      'Jan', 'Per', 'Bjørn', 'Ole', 'Lars', 'Kjell', 'Knut', 'Arne', 'Svein', 'Hans',
      'Terje', 'Geir', 'Odd', 'Tor', 'Trond', 'Rune', 'Morten', 'Espen', 'Thomas', 'Anders',
      'Martin', 'Andreas', 'Kristian', 'Jon', 'Eirik', 'Håkon', 'Sindre', 'Magnus', 'Jonas', 'Henrik',
      'Mathias', 'Emil', 'Jakob', 'Filip', 'Noah', 'Oskar', 'Aksel', 'Sander', 'Øyvind', 'Stian',
    ],
  },
  FI: {
    female: [
      'Anna', 'Maria', 'Helena', 'Johanna', 'Kaarina', 'Marjatta', 'Liisa', 'Tuula', 'Ritva', 'Pirjo',
      'Sirpa', 'Anneli', 'Päivi', 'Tiina', 'Minna', 'Sari', 'Marja', 'Satu', 'Kirsi', 'Leena',
      'Riitta', 'Anne', 'Hanna', 'Laura', 'Emilia', 'Sanna', 'Jenni', 'Heidi', 'Katja', 'Elina',
      'Aino', 'Eveliina', 'Sofia', 'Ella', 'Venla', 'Emma', 'Aada', 'Iida', 'Oona', 'Seija',
    ],
    male: [
      'Juha', 'Timo', 'Matti', 'Kari', 'Mikko', 'Jari', 'Antti', 'Jukka', 'Markku', 'Pekka',
      'Mika', 'Hannu', 'Heikki', 'Seppo', 'Ari', 'Sami', 'Janne', 'Petri', 'Ville', 'Tuomas',
      'Teemu', 'Lauri', 'Joonas', 'Eero', 'Aleksi', 'Onni', 'Eino', 'Väinö', 'Leevi', 'Elias',
      'Veikko', 'Pentti', 'Raimo', 'Esa', 'Tapio', 'Jussi', 'Ilkka', 'Jyrki', 'Olli', 'Risto',
    ],
  },
  ES: {
    female: [
      'María', 'Carmen', 'Josefa', 'Isabel', 'Dolores', 'Pilar', 'Teresa', 'Ana', 'Francisca', 'Antonia',
      'Mercedes', 'Rosa', 'Concepción', 'Manuela', 'Encarnación', 'Montserrat', 'Cristina', 'Marta', 'Laura', 'Elena',
      'Lucía', 'Paula', 'Sara', 'Raquel', 'Beatriz', 'Patricia', 'Silvia', 'Nuria', 'Mónica', 'Rocío',
      'Sonia', 'Eva', 'Alba', 'Irene', 'Andrea', 'Claudia', 'Marina', 'Sofía', 'Julia', 'Inmaculada',
    ],
    male: [
      'Antonio', 'José', 'Manuel', 'Francisco', 'Juan', 'David', 'Javier', 'Daniel', 'Carlos', 'Jesús',
      'Alejandro', 'Miguel', 'Rafael', 'Pedro', 'Ángel', 'Pablo', 'Fernando', 'Sergio', 'Luis', 'Jorge',
      'Alberto', 'Álvaro', 'Diego', 'Adrián', 'Raúl', 'Enrique', 'Ramón', 'Vicente', 'Andrés', 'Joaquín',
      'Iván', 'Rubén', 'Óscar', 'Víctor', 'Hugo', 'Mario', 'Marcos', 'Guillermo', 'Ignacio', 'Jaime',
    ],
  },
  IT: {
    female: [
      'Maria', 'Anna', 'Giuseppina', 'Rosa', 'Angela', 'Giovanna', 'Teresa', 'Lucia', 'Carmela', 'Caterina',
      'Francesca', 'Antonella', 'Rita', 'Patrizia', 'Paola', 'Laura', 'Barbara', 'Silvia', 'Elena', 'Roberta',
      'Daniela', 'Monica', 'Cristina', 'Federica', 'Valentina', 'Chiara', 'Sara', 'Martina', 'Giulia', 'Alessia',
      'Sofia', 'Aurora', 'Ginevra', 'Beatrice', 'Alice', 'Elisa', 'Simona', 'Manuela', 'Serena', 'Ilaria',
    ],
    male: [
      'Giuseppe', 'Giovanni', 'Antonio', 'Mario', 'Luigi', 'Francesco', 'Angelo', 'Vincenzo', 'Pietro', 'Salvatore',
      'Carlo', 'Franco', 'Domenico', 'Bruno', 'Paolo', 'Michele', 'Giorgio', 'Aldo', 'Sergio', 'Luciano',
      'Roberto', 'Stefano', 'Marco', 'Andrea', 'Alessandro', 'Luca', 'Matteo', 'Davide', 'Simone', 'Federico',
      'Lorenzo', 'Leonardo', 'Gabriele', 'Riccardo', 'Tommaso', 'Niccolò', 'Fabio', 'Massimo', 'Claudio', 'Nicola',
    ],
  },
  FR: {
    female: [
      'Marie', 'Monique', 'Françoise', 'Catherine', 'Nathalie', 'Isabelle', 'Sylvie', 'Martine', 'Christine', 'Sandrine',
      'Valérie', 'Véronique', 'Stéphanie', 'Céline', 'Aurélie', 'Émilie', 'Julie', 'Camille', 'Léa', 'Manon',
      'Chloé', 'Emma', 'Inès', 'Jade', 'Louise', 'Alice', 'Anne', 'Sophie', 'Claire', 'Brigitte',
      'Jacqueline', 'Danielle', 'Nicole', 'Chantal', 'Hélène', 'Élodie', 'Laetitia', 'Mélanie', 'Pauline', 'Zoé',
    ],
    male: [
      'Jean', 'Pierre', 'Michel', 'André', 'Philippe', 'Alain', 'Bernard', 'Jacques', 'Daniel', 'Patrick',
      'Christian', 'Gérard', 'Thierry', 'Éric', 'Laurent', 'Stéphane', 'Frédéric', 'Olivier', 'Sébastien', 'Nicolas',
      'Christophe', 'Julien', 'Guillaume', 'Maxime', 'Thomas', 'Alexandre', 'Antoine', 'Romain', 'Kévin', 'Hugo',
      'Lucas', 'Léo', 'Gabriel', 'Louis', 'Arthur', 'Raphaël', 'Jules', 'Théo', 'François', 'Benoît',
    ],
  },
  PL: {
    female: [
      'Anna', 'Maria', 'Krystyna', 'Barbara', 'Elżbieta', 'Danuta', 'Halina', 'Irena', 'Teresa', 'Janina',
      'Jadwiga', 'Grażyna', 'Bożena', 'Małgorzata', 'Ewa', 'Agnieszka', 'Katarzyna', 'Joanna', 'Dorota', 'Beata',
      'Monika', 'Magdalena', 'Aleksandra', 'Natalia', 'Karolina', 'Paulina', 'Justyna', 'Marta', 'Agata', 'Kinga',
      'Zofia', 'Zuzanna', 'Julia', 'Maja', 'Oliwia', 'Wiktoria', 'Alicja', 'Iwona', 'Urszula', 'Hanna',
    ],
    male: [
      'Jan', 'Stanisław', 'Andrzej', 'Józef', 'Tadeusz', 'Jerzy', 'Zbigniew', 'Krzysztof', 'Henryk', 'Ryszard',
      'Kazimierz', 'Marek', 'Marian', 'Piotr', 'Grzegorz', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Łukasz',
      'Mariusz', 'Dariusz', 'Robert', 'Jacek', 'Wojciech', 'Adam', 'Rafał', 'Kamil', 'Mateusz', 'Bartosz',
      'Jakub', 'Dawid', 'Szymon', 'Filip', 'Antoni', 'Kacper', 'Wiktor', 'Bogdan', 'Sławomir', 'Leszek',
    ],
  },
};
