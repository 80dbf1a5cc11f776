// Replacement values for free-text tool arguments (no enum in the schema): a value found in one of
// these lists is replaced by the entries after it, in list order (wrapping), so the rule is fixed and
// the replacement is of the same kind (a city by a city, a weekday by a weekday). Values in no list
// get no string replacement (the candidate is discarded as `no-replacement-rule`).

// prettier-ignore
const LISTS: readonly (readonly string[])[] = [
  // cities (US, then world)
  ['New York', 'Los Angeles', 'Chicago', 'Houston', 'Phoenix', 'Philadelphia', 'San Antonio', 'San Diego', 'Dallas',
    'Austin', 'San Jose', 'Seattle', 'Denver', 'Boston', 'Miami', 'Atlanta', 'Portland', 'Nashville', 'Las Vegas',
    'Detroit', 'Baltimore', 'Minneapolis', 'San Francisco', 'Orlando', 'Pittsburgh', 'Cleveland', 'Sacramento',
    'Palo Alto', 'Berkeley', 'Oakland', 'Honolulu', 'Salt Lake City', 'New Orleans', 'Charlotte', 'Indianapolis'],
  ['London', 'Paris', 'Berlin', 'Madrid', 'Rome', 'Tokyo', 'Sydney', 'Toronto', 'Beijing', 'Shanghai', 'Mumbai',
    'Dubai', 'Singapore', 'Amsterdam', 'Vienna', 'Prague', 'Lisbon', 'Barcelona', 'Munich', 'Dublin', 'Edinburgh',
    'Manchester', 'Seoul', 'Bangkok', 'Istanbul', 'Cairo', 'Moscow', 'Stockholm', 'Oslo', 'Copenhagen', 'Zurich',
    'Melbourne', 'Vancouver', 'Montreal', 'Mexico City', 'Buenos Aires', 'Rio de Janeiro', 'Hong Kong', 'Delhi',
    'Osaka', 'Kyoto', 'Athens', 'Brussels', 'Warsaw', 'Budapest', 'Florence', 'Venice', 'Milan', 'Nairobi'],
  // countries
  ['United States', 'Canada', 'Mexico', 'Brazil', 'Argentina', 'United Kingdom', 'France', 'Germany', 'Italy', 'Spain',
    'Portugal', 'Netherlands', 'Sweden', 'Norway', 'Japan', 'China', 'India', 'Australia', 'New Zealand', 'Egypt',
    'Kenya', 'South Africa', 'Nigeria', 'Turkey', 'Greece', 'Russia', 'South Korea', 'Thailand', 'Vietnam',
    'Indonesia', 'Malaysia', 'Bangladesh', 'Nepal', 'Pakistan', 'Chile', 'Peru', 'Colombia', 'Ireland', 'Poland'],
  // US states
  ['Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida',
    'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine',
    'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada',
    'New Hampshire', 'New Jersey', 'New Mexico', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon',
    'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont',
    'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming'],
  ['Santa Clara', 'San Mateo', 'Alameda', 'Marin', 'Sonoma', 'Napa', 'Orange', 'Riverside', 'Kern', 'Fresno'],
  ['Europe', 'Asia', 'Africa', 'North America', 'South America', 'Oceania', 'Antarctica'],
  ['Midwest', 'Northeast', 'Southwest', 'Southeast', 'West Coast', 'East Coast'],
  // languages, cuisines
  ['English', 'French', 'Spanish', 'German', 'Italian', 'Portuguese', 'Chinese', 'Japanese', 'Korean', 'Russian',
    'Arabic', 'Hindi', 'Dutch', 'Greek', 'Turkish', 'Swedish'],
  ['Italian', 'Chinese', 'Mexican', 'Thai', 'Japanese', 'Indian', 'French', 'Greek', 'Spanish', 'Korean',
    'Vietnamese', 'Mediterranean'],
  ['vegetarian', 'vegan', 'gluten-free', 'keto', 'paleo', 'pescatarian'],
  // time
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November',
    'December'],
  ['spring', 'summer', 'autumn', 'winter'],
  ['morning', 'afternoon', 'evening', 'night'],
  ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'],
  // colours, materials, metals, elements, planets
  ['red', 'blue', 'green', 'yellow', 'orange', 'purple', 'black', 'white', 'pink', 'brown', 'gray', 'silver', 'gold'],
  ['gold', 'silver', 'platinum', 'palladium', 'copper', 'aluminum', 'iron', 'zinc', 'nickel', 'lead', 'tin', 'bronze'],
  ['wood', 'marble', 'bronze', 'stone', 'glass', 'steel', 'clay', 'granite'],
  ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto', 'Moon', 'Sun'],
  ['water', 'air', 'vacuum', 'glass', 'oil', 'ice', 'steel'],
  ['solar', 'wind', 'hydro', 'geothermal', 'nuclear', 'coal', 'natural gas'],
  ['gasoline', 'diesel', 'electric', 'hybrid', 'gas'],
  // music, film, books, games
  ['rock', 'jazz', 'pop', 'classical', 'blues', 'country', 'hip hop', 'reggae', 'metal', 'folk', 'soul', 'electronic'],
  ['Drama', 'Comedy', 'Action', 'Horror', 'Thriller', 'Romance', 'Fiction', 'Mystery', 'Fantasy', 'Documentary'],
  ['guitar', 'piano', 'violin', 'drums', 'cello', 'flute', 'saxophone', 'trumpet', 'bass'],
  ['PlayStation', 'Xbox', 'Nintendo Switch', 'PC', 'Switch', 'Mobile'],
  ['Netflix', 'Hulu', 'Amazon Prime', 'Disney+', 'HBO Max', 'Apple TV+'],
  ['Spotify', 'Apple Music', 'YouTube Music', 'Pandora', 'Tidal'],
  // sports
  ['NBA', 'NFL', 'MLB', 'NHL', 'MLS', 'WNBA'],
  ['Premier League', 'La Liga', 'Serie A', 'Bundesliga', 'Ligue 1', 'Eredivisie'],
  ['Lakers', 'Bulls', 'Celtics', 'Warriors', 'Knicks', 'Heat', 'Spurs', 'Nets', 'Suns', 'Bucks'],
  ['Manchester United', 'Liverpool', 'Chelsea', 'Arsenal', 'Barcelona', 'Real Madrid', 'Bayern Munich', 'Juventus'],
  // religions, animals, companies, currencies (the currency named in a conversion, not a unit of other values)
  ['Christianity', 'Islam', 'Buddhism', 'Hinduism', 'Judaism', 'Sikhism', 'Taoism'],
  ['tiger', 'lion', 'elephant', 'horse', 'dog', 'cat', 'wolf', 'bear', 'eagle', 'dolphin', 'whale', 'giraffe',
    'zebra', 'panda', 'fox', 'deer', 'rabbit', 'owl'],
  ['tigers', 'lions', 'elephants', 'horses', 'dogs', 'cats', 'wolves', 'bears', 'eagles', 'dolphins', 'whales'],
  ['Apple', 'Microsoft', 'Google', 'Amazon', 'Facebook', 'Tesla', 'Netflix', 'Intel', 'IBM', 'Oracle', 'Nvidia'],
  ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'META', 'NFLX', 'NVDA', 'INTC', 'IBM'],
  ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR'],
  ['Euro', 'Dollar', 'Pound', 'Yen', 'Rupee', 'Franc'],
  ['Euros', 'Dollars', 'Pounds', 'Yen', 'Rupees', 'Francs'],
  ['US Dollars', 'Euros', 'British Pounds', 'Japanese Yen', 'Canadian Dollars', 'Australian Dollars', 'Swiss Francs'],
  ['NASDAQ', 'NYSE', 'LSE', 'TSE'],
  // cells, sizes, orders, levels
  ['nucleus', 'mitochondria', 'cytoplasm', 'ribosome', 'plasma membrane', 'Golgi apparatus', 'lysosome'],
  ['small', 'medium', 'large', 'extra large'],
  ['low', 'medium', 'high'],
  ['beginner', 'intermediate', 'advanced', 'expert'],
  ['chicken', 'beef', 'pork', 'fish', 'tofu', 'lamb', 'shrimp', 'turkey'],
  ['car', 'bus', 'train', 'bicycle', 'plane', 'boat'],
  ['driving', 'walking', 'bicycling', 'transit'],
  ['fastest', 'shortest', 'scenic', 'cheapest'],
  // people and works (well-known names, so that a replacement reads as a real request)
  ['LeBron James', 'Stephen Curry', 'Kevin Durant', 'Giannis Antetokounmpo', 'Luka Doncic', 'Kobe Bryant',
    'Michael Jordan'],
  ['Lionel Messi', 'Cristiano Ronaldo', 'Kylian Mbappe', 'Neymar', 'Erling Haaland', 'Mohamed Salah'],
  ['Messi', 'Ronaldo', 'Mbappe', 'Neymar', 'Haaland', 'Salah'],
  ['Roger Federer', 'Rafael Nadal', 'Novak Djokovic', 'Serena Williams', 'Andy Murray'],
  ['Magnus Carlsen', 'Hikaru Nakamura', 'Fabiano Caruana', 'Garry Kasparov'],
  ['George Washington', 'Thomas Jefferson', 'Abraham Lincoln', 'Theodore Roosevelt', 'Franklin D. Roosevelt',
    'John F. Kennedy', 'Barack Obama'],
  ['Albert Einstein', 'Isaac Newton', 'Charles Darwin', 'Marie Curie', 'Galileo Galilei', 'Nikola Tesla',
    'Niels Bohr'],
  ['Van Gogh', 'Picasso', 'Monet', 'Rembrandt', 'Leonardo da Vinci', 'Michelangelo', 'Salvador Dali'],
  ['Taylor Swift', 'Ed Sheeran', 'Adele', 'Beyonce', 'Drake', 'Eminem', 'Coldplay', 'Queen', 'The Beatles',
    'Maroon 5', 'Bruno Mars', 'Lady Gaga'],
  ['Charles Dickens', 'Jane Austen', 'Mark Twain', 'Leo Tolstoy', 'George Orwell', 'Ernest Hemingway',
    'William Shakespeare'],
  ['Leonardo DiCaprio', 'Tom Hanks', 'Meryl Streep', 'Brad Pitt', 'Denzel Washington', 'Natalie Portman'],
  ['John', 'Mike', 'Alice', 'Bob', 'Sarah', 'David', 'Emma', 'James', 'Sam', 'Jack', 'Anna', 'Tom'],
  ['John Doe', 'Jane Doe', 'John Smith', 'Jane Smith'],
  ['Inception', 'The Dark Knight', 'Interstellar', 'Titanic', 'Avatar', 'The Matrix', 'Gladiator'],
  ['Eiffel Tower', 'Louvre Museum', 'Arc de Triomphe', 'Notre-Dame', 'Statue of Liberty', 'Colosseum', 'Big Ben'],
  ['Louvre', 'British Museum', 'Metropolitan Museum of Art', 'Prado', 'Uffizi', 'Rijksmuseum', 'Guggenheim'],
  ['Yellowstone National Park', 'Yosemite National Park', 'Grand Canyon National Park', 'Zion National Park'],
  ['Catan', 'Ticket to Ride', 'Monopoly', 'Scrabble', 'Carcassonne', 'Pandemic'],
  ['Fortnite', 'Minecraft', 'Overwatch', 'World of Warcraft', 'Cyberpunk 2077', 'Call of Duty'],
  ['Fender', 'Gibson', 'Yamaha', 'Ibanez', 'Martin', 'Taylor'],
  ['Walmart', 'Target', 'Costco', 'Kroger', 'Whole Foods'],
  ['Google', 'Facebook', 'Apple', 'Microsoft', 'Amazon', 'Tesla'],
  ['HSBC', 'Wells Fargo', 'Bank of America', 'Chase', 'Citibank', 'Barclays'],
  ['Hilton', 'Marriott', 'Hyatt', 'Sheraton', 'Ritz-Carlton'],
  ['psychology', 'sociology', 'economics', 'philosophy', 'biology', 'physics', 'chemistry', 'history'],
  ['human', 'chimp', 'mouse', 'dog', 'cat', 'horse', 'cow'],
  ['Homo sapiens', 'Pan troglodytes', 'Mus musculus', 'Canis lupus familiaris', 'Felis catus'],
  ['neuron', 'muscle', 'blood', 'skin', 'bone', 'liver', 'stem'],
  ['BRCA1', 'BRCA2', 'TP53', 'EGFR', 'KRAS', 'APOE'],
  ['apple', 'banana', 'avocado', 'orange', 'mango', 'strawberry', 'grape', 'pear'],
  ['sushi', 'pizza', 'tacos', 'ramen', 'burgers', 'pasta', 'curry'],
  ['single', 'double', 'twin', 'deluxe', 'suite', 'king'],
  ['Bankruptcy', 'Criminal', 'Family', 'Corporate', 'Immigration', 'Tax'],
  ['theft', 'fraud', 'burglary', 'assault', 'robbery', 'vandalism'],
  ['hill', 'slope', 'valley', 'plain', 'plateau'],
  ['Football', 'Basketball', 'Tennis', 'Baseball', 'Soccer', 'Cricket', 'Hockey'],
];

/** Other spellings of list entries. */
const ALIASES: Readonly<Record<string, string>> = {
  'new york city': 'New York',
  nyc: 'New York',
  la: 'Los Angeles',
  sf: 'San Francisco',
  'washington d.c.': 'Washington',
  'washington dc': 'Washington',
  'd.c.': 'Washington',
  usa: 'United States',
  us: 'United States',
  uk: 'United Kingdom',
  'louvre museum': 'Louvre',
  'the british museum': 'British Museum',
  'the metropolitan museum of art': 'Metropolitan Museum of Art',
};

/** US cities with their state (abbreviation, name), for `City, ST` and `City, State` values. */
// prettier-ignore
const US_CITY_STATES: ReadonlyArray<readonly [string, string, string]> = [
  ['New York', 'NY', 'New York'], ['Los Angeles', 'CA', 'California'], ['Chicago', 'IL', 'Illinois'],
  ['Houston', 'TX', 'Texas'], ['Phoenix', 'AZ', 'Arizona'], ['Philadelphia', 'PA', 'Pennsylvania'],
  ['San Diego', 'CA', 'California'], ['Dallas', 'TX', 'Texas'], ['Austin', 'TX', 'Texas'],
  ['San Jose', 'CA', 'California'], ['Seattle', 'WA', 'Washington'], ['Denver', 'CO', 'Colorado'],
  ['Boston', 'MA', 'Massachusetts'], ['Miami', 'FL', 'Florida'], ['Atlanta', 'GA', 'Georgia'],
  ['Portland', 'OR', 'Oregon'], ['Nashville', 'TN', 'Tennessee'], ['Las Vegas', 'NV', 'Nevada'],
  ['Detroit', 'MI', 'Michigan'], ['San Francisco', 'CA', 'California'], ['Orlando', 'FL', 'Florida'],
];

/** World cities with their country, for `City, Country` values. */
// prettier-ignore
const CITY_COUNTRIES: ReadonlyArray<readonly [string, string]> = [
  ['London', 'UK'], ['Paris', 'France'], ['Berlin', 'Germany'], ['Madrid', 'Spain'], ['Rome', 'Italy'],
  ['Tokyo', 'Japan'], ['Sydney', 'Australia'], ['Toronto', 'Canada'], ['Beijing', 'China'], ['Mumbai', 'India'],
  ['Amsterdam', 'Netherlands'], ['Vienna', 'Austria'], ['Lisbon', 'Portugal'], ['Dublin', 'Ireland'],
];

const US_SUFFIXES = new Set(['usa', 'us', 'united states', 'america', 'united states of america']);

/** `Boston, MA` → `Miami, FL`…; `Berlin, Germany` → `Madrid, Spain`…; `Chicago, USA` → `Houston, USA`…. */
function compositeReplacements(value: string): string[] {
  const m = /^([^,]+),\s*([^,]+)$/.exec(value.trim());
  if (!m) return [];
  const [city, suffix] = [m[1]!.trim().toLowerCase(), m[2]!.trim()];
  const usAt = US_CITY_STATES.findIndex(([c]) => c.toLowerCase() === (ALIASES[city]?.toLowerCase() ?? city));
  if (usAt >= 0) {
    const form = US_SUFFIXES.has(suffix.toLowerCase()) ? 'country' : suffix.length === 2 ? 'abbr' : 'name';
    const rotated = [...US_CITY_STATES.slice(usAt + 1), ...US_CITY_STATES.slice(0, usAt)];
    return rotated.map(([c, abbr, name]) => `${c}, ${form === 'country' ? suffix : form === 'abbr' ? abbr : name}`);
  }
  const worldAt = CITY_COUNTRIES.findIndex(([c]) => c.toLowerCase() === city);
  if (worldAt >= 0)
    return [...CITY_COUNTRIES.slice(worldAt + 1), ...CITY_COUNTRIES.slice(0, worldAt)].map(
      ([c, country]) => `${c}, ${country}`,
    );
  return [];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Codes, dates, seasons and clock times: the next values of their sequence (`rs6034464` → `rs6034465`). */
function sequenceReplacements(value: string): string[] {
  const v = value.trim();
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (date) {
    const base = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    return [1, 2, 3, -1].map((d) => new Date(base + d * 86400000).toISOString().slice(0, 10));
  }
  const season = /^(\d{4})([-/])(\d{2}|\d{4})$/.exec(v);
  if (season) {
    const a = Number(season[1]);
    const b = (n: number) => (season[3]!.length === 2 ? pad(n % 100, 2) : String(n));
    return [1, 2, 3, -1].map((d) => `${a + d}${season[2]}${b(a + d + 1)}`);
  }
  const clock = /^(\d{1,2})\s?(am|pm)$/i.exec(v);
  if (clock) {
    const h = Number(clock[1]);
    return [1, 2, 3, -1].map((d) => `${((h + d + 11) % 12) + 1}${v.slice(clock[1]!.length)}`);
  }
  const code = /^(.*?[A-Za-z].*?)(\d+)([A-Za-z]*)$/.exec(v);
  if (code && !/\s/.test(v)) {
    const [, head, digits, tail] = code;
    const n = Number(digits);
    return [1, 2, 3, -1].filter((d) => n + d >= 0).map((d) => `${head}${pad(n + d, digits!.length)}${tail}`);
  }
  return [];
}

/** The bank's replacements for `value` (case-insensitive), in the fixed order: the entries after it, wrapping. */
export function bankReplacements(value: string): string[] {
  const trimmed = value.trim().toLowerCase();
  const key = ALIASES[trimmed]?.toLowerCase() ?? trimmed;
  const out: string[] = [...compositeReplacements(value), ...sequenceReplacements(value)];
  for (const list of LISTS) {
    const at = list.findIndex((v) => v.toLowerCase() === key);
    if (at < 0) continue;
    for (let k = 1; k < list.length; k++) {
      const next = list[(at + k) % list.length]!;
      if (!out.some((o) => o.toLowerCase() === next.toLowerCase())) out.push(next);
    }
  }
  return out;
}
