package tests;

import java.lang.annotation.*;
import org.junit.jupiter.api.Tag;

/// Marks a test class as part of the programs tier, `./build.sh test programs`: every course
/// program run fresh and checked against what its lesson says, the exercises (each shipped copy
/// fails, each solution passes, each wrong fix is caught) and the checker. No browser, no live
/// mode, no Spring Boot or PostgreSQL: the everyday loop of someone editing a program or an
/// exercise. QuickTierTest checks that every program in programs/ without //DEPS has a class here.
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Tag(Programs.TAG)
public @interface Programs {
    String TAG = "programs";
}
