/* "Did you mean": distances (substitution, insertion, deletion, a swap of
 * neighbours, no case), the limit, and the closest candidate. */
#include "check.h"
#include "core/suggest.h"

int main(void)
{
    CHECK_INT(suggest_distance("goblin", "goblin", 3), 0);
    CHECK_INT(suggest_distance("gobiln", "goblin", 3), 1); /* swapped neighbours */
    CHECK_INT(suggest_distance("Goblin", "goblin", 3), 0);
    CHECK_INT(suggest_distance("sid", "side", 3), 1);
    CHECK_INT(suggest_distance("monstr", "monster", 3), 1);
    CHECK_INT(suggest_distance("kitten", "sitting", 3), 3);
    CHECK_INT(suggest_distance("kitten", "sitting", 2), 3); /* past the limit: limit + 1 */
    CHECK_INT(suggest_distance("", "abc", 3), 3);
    CHECK_INT(suggest_distance("a", "abcdef", 2), 3);

    static const char *const monsters[] = {"goblin", "orc", "fimir", "skeleton", "zombie",
                                           "mummy", "chaos_warrior", "gargoyle"};
    CHECK_STR_CONTAINS(suggest_closest("gobiln", monsters, 8), "goblin");
    CHECK_STR_CONTAINS(suggest_closest("skeletn", monsters, 8), "skeleton");
    CHECK_STR_CONTAINS(suggest_closest("chaos-warrior", monsters, 8), "chaos_warrior");
    CHECK(suggest_closest("dragon", monsters, 8) == NULL);   /* nothing close */
    CHECK(suggest_closest("goblin", monsters, 8) == NULL);   /* not misspelt */
    CHECK(suggest_closest("ork", monsters, 8) != NULL);      /* 1 edit of 3 letters */
    CHECK(suggest_closest("elf", monsters, 8) == NULL);
    static const char *const attrs[] = {"x", "y", "side", "kind", "key", "open"};
    CHECK_STR_CONTAINS(suggest_closest("sid", attrs, 6), "side");
    CHECK_STR_CONTAINS(suggest_closest("knd", attrs, 6), "kind");
    static const char *const files[] = {"board.png", "boards.png", "map.bmp"};
    CHECK_STR_CONTAINS(suggest_closest("bord.png", files, 3), "board.png"); /* ties: first */
    return check_finish("suggest");
}
